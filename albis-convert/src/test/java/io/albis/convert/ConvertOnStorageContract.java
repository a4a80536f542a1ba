package io.albis.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.convert.csv.CsvToAlbis;
import io.albis.convert.orc.AlbisToOrc;
import io.albis.convert.orc.OrcFiles;
import io.albis.convert.orc.OrcFixtures;
import io.albis.convert.orc.OrcToAlbis;
import io.albis.convert.parquet.AlbisToParquet;
import io.albis.convert.parquet.ParquetFixtures;
import io.albis.convert.parquet.ParquetToAlbis;
import io.albis.convert.source.SourceFormat;
import io.albis.storage.Storage;
import io.albis.storage.Storages;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The converters on the paths of a storage other than the local disk (each subclass uses an
 * in-process cluster): inputs read from it, tables and files written to it, every value checked
 * against parquet-java's and orc-core's own readers, which read local copies made with Hadoop's
 * file system, not with the converters' code.
 */
abstract class ConvertOnStorageContract {
    @TempDir
    Path dir;

    /** The cluster's root, such as hdfs://localhost:41234. */
    abstract String root() throws IOException;

    /** Hadoop's file system for {@link #root()}, to copy test files in and out. */
    abstract FileSystem fileSystem() throws IOException;

    /** A path under the cluster root that no other test uses. */
    private String fresh(String name) throws IOException {
        return root() + "/" + UUID.randomUUID() + "/" + name;
    }

    private void upload(Path local, String remote) throws IOException {
        fileSystem().copyFromLocalFile(new org.apache.hadoop.fs.Path(local.toUri()), new org.apache.hadoop.fs.Path(remote));
    }

    private Path download(String remote) throws IOException {
        Path local = dir.resolve("downloaded-" + UUID.randomUUID());
        fileSystem().copyToLocalFile(false, new org.apache.hadoop.fs.Path(remote), new org.apache.hadoop.fs.Path(local.toUri()),
                true);
        return local;
    }

    private static List<String> namesIn(String remoteDir) throws IOException {
        return Storages.forPath(remoteDir).list(remoteDir);
    }

    @Test
    void parquetDirectoryToAlbisAndBackToParquet() throws Exception {
        MessageType schema = ParquetFixtures.fullSchema();
        List<Group> expected = new ArrayList<>();
        String in = fresh("in");
        for (int part = 0; part < 2; part++) {
            Path local = dir.resolve("part-" + part + ".parquet");
            ParquetFixtures.write(local, schema, ParquetFixtures.randomRows(schema, 1200, 7 + part));
            expected.addAll(ParquetFixtures.read(local));
            upload(local, in + "/part-" + part + ".parquet");
        }
        assertEquals(SourceFormat.PARQUET, SourceFormat.detect(in, new Configuration()));

        String table = fresh("t");
        ConvertResult r = ParquetToAlbis.convert(in, table, SmallTables.options());
        assertEquals(2400, r.rows());
        assertEquals(SourceFormat.ALBIS, SourceFormat.detect(table, new Configuration()));
        AlbisTable albis = AlbisTable.open(Storages.forPath(table), table);
        assertTrue(albis.rowGroups().size() >= 4, "row groups: " + albis.rowGroups().size());
        ParquetFixtures.assertRowsMatch(expected, schema, albis);

        String back = fresh("back.parquet");
        assertEquals(2400, AlbisToParquet.convert(albis, back, ConvertOptions.defaults()).rows());
        Path copy = download(back);
        MessageType written;
        try (ParquetFileReader pr = ParquetFileReader.open(new LocalInputFile(copy))) {
            written = pr.getFooter().getFileMetaData().getSchema();
        }
        List<Group> groups = ParquetFixtures.read(copy);
        List<Map<String, Object>> rows = AlbisRows.rows(albis);
        assertEquals(rows.size(), groups.size());
        for (int i = 0; i < groups.size(); i++) {
            AlbisRows.assertSameRow(rows.get(i), ParquetFixtures.expected(groups.get(i), written), "row " + i);
        }
        String backDir = back.substring(0, back.lastIndexOf('/'));
        assertEquals(List.of("back.parquet"), namesIn(backDir), "no temporary file may be left");
    }

    @Test
    void orcToAlbisAndBackToOrc() throws Exception {
        List<Map<String, Object>> rows = OrcFixtures.randomRows(3000, 5);
        Path local = dir.resolve("every.orc");
        OrcFixtures.write(local, OrcFixtures.EVERY_TYPE, rows, 1024, true);
        String in = fresh("every.orc");
        upload(local, in);
        assertEquals(SourceFormat.ORC, SourceFormat.detect(in, new Configuration()));

        String table = fresh("t");
        assertEquals(3000, OrcToAlbis.convert(in, table, SmallTables.options()).rows());
        AlbisTable albis = AlbisTable.open(Storages.forPath(table), table);
        List<Map<String, Object>> actual = AlbisRows.rows(albis);
        assertEquals(rows.size(), actual.size());
        for (int i = 0; i < rows.size(); i++) {
            AlbisRows.assertSameRow(rows.get(i), actual.get(i), "row " + i);
        }

        String back = fresh("back.orc");
        assertEquals(3000, AlbisToOrc.convert(albis, back, ConvertOptions.defaults()).rows());
        List<Map<String, Object>> orc = OrcFixtures.read(download(back));
        assertEquals(actual.size(), orc.size());
        for (int i = 0; i < orc.size(); i++) {
            AlbisRows.assertSameRow(actual.get(i), orc.get(i), "orc row " + i);
        }
        // The library reads what it wrote through the same path.
        try (org.apache.orc.Reader reader = OrcFiles.openReader(back, new Configuration())) {
            assertEquals(3000, reader.getNumberOfRows());
        }
    }

    @Test
    void csvToAlbis() throws Exception {
        Path local = dir.resolve("in.csv");
        Files.writeString(local, "id,name,price\n1,a,2.50\n2,,3.75\n3,\"c, d\",\n");
        String in = fresh("in.csv");
        upload(local, in);
        assertEquals(SourceFormat.CSV, SourceFormat.detect(in, new Configuration()));
        String table = fresh("t");
        ConvertResult r = CsvToAlbis.convert(in, table, ConvertOptions.defaults());
        assertEquals(3, r.rows());
        List<Map<String, Object>> rows = AlbisRows.rows(AlbisTable.open(Storages.forPath(table), table));
        assertEquals("c, d", rows.get(2).get("name"));
        assertEquals(null, rows.get(1).get("name"));
    }

    @Test
    void aFailedConversionLeavesNothing() throws Exception {
        // A nanosecond timestamp that is not a whole microsecond cannot be kept: refused at row 2.
        MessageType schema = MessageTypeParser.parseMessageType(
                "message m { required int32 id; optional int64 t (TIMESTAMP(NANOS,true)); }");
        List<Group> rows = new ArrayList<>();
        org.apache.parquet.example.data.simple.SimpleGroupFactory f =
                new org.apache.parquet.example.data.simple.SimpleGroupFactory(schema);
        rows.add(f.newGroup().append("id", 1).append("t", 5_000L));
        rows.add(f.newGroup().append("id", 2).append("t", 5_001L));
        Path local = dir.resolve("bad.parquet");
        ParquetFixtures.write(local, schema, rows);
        String in = fresh("bad.parquet");
        upload(local, in);

        String table = fresh("t");
        ConvertInputException e = assertThrows(ConvertInputException.class,
                () -> ParquetToAlbis.convert(in, table, ConvertOptions.defaults()));
        assertTrue(e.getMessage().contains(in) && e.getMessage().contains("row 2"), e.getMessage());
        Storage storage = Storages.forPath(table);
        assertFalse(storage.exists(table), "no table may be left at " + table);
        String parent = table.substring(0, table.lastIndexOf('/'));
        assertEquals(List.of(), storage.exists(parent) ? storage.list(parent) : List.of());
    }

    @Test
    void anExistingOutputFileIsRefused() throws Exception {
        Path local = dir.resolve("in.csv");
        Files.writeString(local, "a\n1\n");
        String table = fresh("t");
        CsvToAlbis.convert(local.toString(), table, ConvertOptions.defaults());
        AlbisTable albis = AlbisTable.open(Storages.forPath(table), table);
        String out = fresh("taken.parquet");
        AlbisToParquet.convert(albis, out, ConvertOptions.defaults());
        long before = fileSystem().getFileStatus(new org.apache.hadoop.fs.Path(out)).getLen();
        FileAlreadyExistsException e = assertThrows(FileAlreadyExistsException.class,
                () -> AlbisToParquet.convert(albis, out, ConvertOptions.defaults()));
        assertTrue(e.getMessage().contains("taken.parquet"), e.getMessage());
        assertEquals(before, fileSystem().getFileStatus(new org.apache.hadoop.fs.Path(out)).getLen());
        assertEquals(List.of("taken.parquet"), namesIn(out.substring(0, out.lastIndexOf('/'))));
    }
}
