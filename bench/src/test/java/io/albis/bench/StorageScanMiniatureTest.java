package io.albis.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.bench.format.peer.PeerTables;
import io.albis.read.ReadOptions;
import io.albis.scan.ChecksumScan;
import io.albis.table.AlbisTable;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code bench scan} on a small table, on the local file system and on the HDFS and Crail it
 * starts in this JVM: each backend's line carries the table's rows and checksum. Keeps the
 * in-process backends the CLI no longer carries from rotting; asserts no timings.
 */
class StorageScanMiniatureTest {

    @Test
    void everyBackendReadsTheTableItsCopyCameFrom(@TempDir Path dir) throws Exception {
        AlbisTable table = PeerTables.write(dir.resolve("t"), 5_000, 1_000, 7);
        String checksum = ChecksumScan.scan(table, ReadOptions.all(), 1).checksumHex();

        String out = run("--storage", "local,hdfs-local,crail-local", "--threads", "1,2", "--warmup", "0", "--repeat",
                "2", "scan", dir.resolve("t").toString());
        assertTrue(out.contains("storage backends [hdfs hdfs://"), out);
        for (String storage : List.of("local", "hdfs-local", "crail-local")) {
            List<String[]> lines = out.lines().filter(l -> l.startsWith(storage + " ")).map(l -> l.split(" +")).toList();
            assertEquals(2, lines.size(), "a line per thread count for " + storage + " in\n" + out);
            for (String[] line : lines) {
                assertEquals("5000", line[2], storage + ": rows");
                assertEquals(checksum, line[line.length - 1], storage + ": checksum");
            }
        }
    }

    @Test
    void anUnknownBackendIsNamed(@TempDir Path dir) throws Exception {
        PeerTables.write(dir.resolve("t"), 10, 10, 1);
        CommandLine cl = BenchMain.commandLine();
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err, true));
        assertEquals(1, cl.execute("--storage", "local,floppy", "scan", dir.resolve("t").toString()));
        assertTrue(err.toString().contains("'floppy'"), err.toString());
    }

    private static String run(String... args) {
        CommandLine cl = BenchMain.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int status = cl.execute(args);
        assertEquals(0, status, () -> "bench " + String.join(" ", args) + ":\n" + out + err);
        return out.toString();
    }
}
