package io.albis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.schema.ColumnGroup;
import io.albis.segment.SegmentMetadata;
import io.albis.table.AlbisTable;
import io.albis.table.RowGroupRef;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VerifyCommandTest {
    @TempDir
    Path dir;

    @Test
    void soundTableExitsZero() throws Exception {
        String t = AllTypesTable.write(dir, "t");
        Cli.Run run = Cli.run("verify", t);
        assertEquals(0, run.exit(), run.toString());
        assertTrue(run.out().startsWith("OK: 4 row groups, 205 rows, "), run.out());
        assertTrue(run.out().strip().endsWith("segments verified"), run.out());
    }

    @Test
    void flippedByteInADataFileExitsOne() throws Exception {
        String t = AllTypesTable.write(dir, "t");
        // A byte in the middle of the rows of the second row group's first segment (not padding,
        // which only verify reads).
        AlbisTable table = AlbisTable.open(t);
        RowGroupRef rg = table.rowGroups().get(1);
        ColumnGroup group = table.schema().groups().get(0);
        Path data = Path.of(table.dataPath(rg, group));
        SegmentMetadata segment = table.metadata(rg, group, table.presentGroups(rg)).segments().get(0);
        try (RandomAccessFile f = new RandomAccessFile(data.toFile(), "rw")) {
            long at = segment.offset() + segment.length() / 2;
            f.seek(at);
            int b = f.read();
            f.seek(at);
            f.write(b ^ 0x10);
        }
        Cli.Run run = Cli.run("verify", t);
        assertEquals(1, run.exit(), run.toString());
        assertTrue(run.out().contains(rg.path()), "the problem names the damaged file: " + run.out());
        assertTrue(run.out().contains("FAILED: "), run.out());
        assertEquals("", run.err());

        Cli.Run scan = Cli.run("scan", t);
        assertEquals(1, scan.exit(), "a checksum-verifying scan refuses the damaged segment: " + scan);
        assertTrue(scan.err().startsWith("albis: ") && scan.err().strip().lines().count() == 1, scan.err());
    }

    @Test
    void aSchemaFileTooShortForHeaderAndFooterIsReportedNotAborted() throws Exception {
        String t = dir.resolve("t").toString();
        AllTypesTable.write(t, AllTypesTable.rows().subList(0, 3));
        Path schema;
        try (var files = java.nio.file.Files.list(Path.of(t))) {
            schema = files.filter(p -> p.getFileName().toString().startsWith("_schema.")).findFirst().orElseThrow();
        }
        // 15 bytes: the header intact, then a footer whose checksum covers the 7 bytes before it.
        byte[] b = java.util.Arrays.copyOf(java.nio.file.Files.readAllBytes(schema), 15);
        java.nio.ByteBuffer.wrap(b).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(7, io.albis.util.Crc32c.of(b, 0, 7));
        System.arraycopy(new byte[] {'A', 'L', 'B', 'E'}, 0, b, 11, 4);
        java.nio.file.Files.write(schema, b);
        Cli.Run run = Cli.run("verify", t);
        assertEquals(1, run.exit(), run.toString());
        assertTrue(run.out().startsWith(schema + " at offset 15: file is truncated: 15 bytes, too short"), run.out());
        assertTrue(run.out().contains("FAILED: 1 problem in " + t), run.out());
        assertEquals("", run.err());

        Cli.Run cat = Cli.run("cat", t);
        assertEquals(1, cat.exit(), cat.toString());
        assertTrue(cat.err().startsWith("albis: " + schema + " at offset 15: ") && cat.err().strip().lines().count() == 1,
                cat.err());
    }
}
