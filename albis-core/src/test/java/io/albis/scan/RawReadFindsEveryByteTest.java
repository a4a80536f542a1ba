package io.albis.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.albis.layout.TableLayout;
import io.albis.read.ReadOptions;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The raw-read baseline reads the data files a full scan reads ({@link ChecksumScan#dataFiles}):
 * every data file of the table, in the flat layout of 4.0 and in the directories of older tables,
 * and every byte of them.
 */
class RawReadFindsEveryByteTest {
    @TempDir
    Path dir;

    private static Path golden(String version) {
        return Path.of(System.getProperty("basedir", ".")).resolve("src/test/resources/golden/v" + version);
    }

    /** Every data file under the table directory, found by walking it: 4.0 names, or 'data' in a group directory. */
    private static List<Path> dataFilesOnDisk(Path table) throws IOException {
        try (Stream<Path> s = Files.walk(table)) {
            return s.filter(Files::isRegularFile).filter(p -> {
                String name = p.getFileName().toString();
                TableLayout.ColumnGroupFile f = TableLayout.columnGroupFile(name);
                return name.equals(TableLayout.DATA_FILE) || (f != null && f.kind().equals(TableLayout.DATA_FILE));
            }).map(p -> p.toAbsolutePath().normalize()).sorted().toList();
        }
    }

    private static void assertEveryByteIsRead(Path table) throws IOException {
        AlbisTable t = AlbisTable.open(table.toString());
        List<Path> found = ChecksumScan.dataFiles(t, ReadOptions.all()).stream()
                .map(p -> Path.of(p).toAbsolutePath().normalize()).sorted().toList();
        List<Path> onDisk = dataFilesOnDisk(table);
        assertEquals(onDisk, found, table.toString());
        long bytes = 0;
        for (Path p : onDisk) {
            bytes += Files.size(p);
        }
        List<String> paths = found.stream().map(Path::toString).toList();
        assertEquals(bytes, RawRead.read(LocalStorage.INSTANCE, paths, 2, true).bytes(), table.toString());
    }

    @Test
    void aFlatTablesDataFilesAreAllRead() throws IOException {
        Path t = dir.resolve("t");
        Schema schema = Schema.builder().column("a", DataType.INT, false).column("b", DataType.STRING)
                .column("c", DataType.LONG).columnPerGroup().build();
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, t.toString(), schema,
                WriterOptions.defaults().withRowGroupRows(7).withSegmentSize(256))) {
            for (int i = 0; i < 30; i++) {
                w.setInt(0, i);
                w.setString(1, "row " + i);
                w.setLong(2, i * 3L);
                w.nextRow();
            }
        }
        assertEquals(5 * 3, dataFilesOnDisk(t).size(), "five row groups of three column groups");
        assertEveryByteIsRead(t);
    }

    @Test
    void olderTablesDataFilesInDirectoriesAreAllRead() throws IOException {
        for (String version : List.of("1.0", "2.0", "3.0")) {
            assertEveryByteIsRead(golden(version));
        }
    }
}
