package io.albis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VerifyCommandTest {
    @TempDir
    Path dir;

    @Test
    void soundTableExitsZero() throws Exception {
        String t = dir.resolve("t").toString();
        AllTypesTable.write(t, AllTypesTable.rows());
        Cli.Run run = Cli.run("verify", t);
        assertEquals(0, run.exit(), run.toString());
        assertTrue(run.out().startsWith("OK: 4 row groups, 205 rows, "), run.out());
        assertTrue(run.out().strip().endsWith("segments verified"), run.out());
    }

    @Test
    void flippedByteInADataFileExitsOne() throws Exception {
        String t = dir.resolve("t").toString();
        AllTypesTable.write(t, AllTypesTable.rows());
        String rg = io.albis.table.AlbisTable.open(t).rowGroups().get(1).path();
        Path data = Path.of(rg, "cg-00000000", "data");
        long size = Files.size(data);
        try (RandomAccessFile f = new RandomAccessFile(data.toFile(), "rw")) {
            long at = size / 2;
            f.seek(at);
            int b = f.read();
            f.seek(at);
            f.write(b ^ 0x10);
        }
        Cli.Run run = Cli.run("verify", t);
        assertEquals(1, run.exit(), run.toString());
        assertTrue(run.out().contains(rg), "the problem names the damaged file: " + run.out());
        assertTrue(run.out().contains("FAILED: "), run.out());
        assertEquals("", run.err());

        Cli.Run scan = Cli.run("scan", t);
        assertEquals(1, scan.exit(), "a checksum-verifying scan refuses the damaged segment: " + scan);
        assertTrue(scan.err().startsWith("albis: ") && scan.err().strip().lines().count() == 1, scan.err());
    }
}
