package io.albis.bench.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.albis.bench.TestData;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fork protocol: cases measured in child JVMs come back with every fork's repetitions. */
class ForkRunTest {

    @Test
    void forksReportEveryRepetition(@TempDir Path out) throws IOException {
        ResultFiles.runHarness("--experiments", "2", "--scale", "0.0001", "--formats", "albis-binary,raw,json",
                "--forks", "2", "--warmup", "1", "--repeat", "2", "--threads", "1",
                "--data", TestData.root().toString(), "--out", out.toString());
        List<CSVRecord> rows = ResultFiles.rows(out, new DataTypes());
        assertEquals(4 * 3, rows.size(), "4 types x 3 formats");
        for (CSVRecord r : rows) {
            assertEquals("2", r.get("forks"), r.toString());
            assertEquals("4", r.get("repetitions"), r.toString());
        }
    }
}
