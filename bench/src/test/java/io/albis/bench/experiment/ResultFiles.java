package io.albis.bench.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.bench.BenchMain;
import io.albis.bench.TestData;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import picocli.CommandLine;

/** Reading back what a run wrote. */
final class ResultFiles {
    private ResultFiles() {}

    /** Runs the harness's command line; fails with its error output when the status is not 0. */
    static void runHarness(String... args) {
        CommandLine cl = BenchMain.commandLine();
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err, true));
        int status = cl.execute(args);
        assertEquals(0, status, () -> "exit status of bench " + String.join(" ", args) + "; its error output:\n" + err);
    }

    /**
     * Runs one experiment in miniature: in process, at the tests' scale and on their shared data,
     * one round of one repetition on 1 and 2 threads; returns the rows of its CSV file.
     */
    static List<CSVRecord> runInMiniature(Experiment e, Path out) throws IOException {
        runHarness("--experiments", Integer.toString(e.number()), "--scale", Double.toString(TestData.STORE_SALES_SCALE),
                "--in-process", "--forks", "1", "--warmup", "0", "--repeat", "1", "--threads", "1,2",
                "--data", TestData.root().toString(), "--out", out.toString());
        return rows(out, e);
    }

    /** The rows of an experiment's CSV file, after checking that it and its PNG chart exist. */
    static List<CSVRecord> rows(Path out, Experiment e) throws IOException {
        Path csv = out.resolve(e.fileStem() + ".csv");
        Path png = out.resolve(e.fileStem() + ".png");
        assertTrue(Files.isRegularFile(csv), csv + " was not written");
        assertTrue(Files.isRegularFile(png), png + " was not written");
        byte[] head = new byte[8];
        try (var in = Files.newInputStream(png)) {
            assertEquals(8, in.read(head));
        }
        assertEquals((byte) 0x89, head[0], png + " is not a PNG file");
        assertEquals("PNG", new String(head, 1, 3, java.nio.charset.StandardCharsets.US_ASCII), png + " is not a PNG file");
        try (Reader r = Files.newBufferedReader(csv);
                CSVParser p = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(r)) {
            assertEquals(List.of(CsvReport.HEADER), p.getHeaderNames(), "CSV header of " + csv);
            List<CSVRecord> rows = p.getRecords();
            assertTrue(!rows.isEmpty(), csv + " has no rows");
            return rows;
        }
    }
}
