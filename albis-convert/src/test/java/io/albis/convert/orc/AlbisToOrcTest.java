package io.albis.convert.orc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.convert.AlbisRows;
import io.albis.convert.ConvertOptions;
import io.albis.convert.ConvertResult;
import io.albis.convert.RandomAlbisTables;
import io.albis.convert.Refusals;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.TypeDescription;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Albis tables written as ORC must read back through orc-core's own reader with every value intact. */
class AlbisToOrcTest {
    @TempDir
    Path dir;

    /**
     * {@link RandomAlbisTables#write}'s rows of every type, with the timestamps ORC cannot hold
     * moved ({@link OrcFixtures#orcSafe}).
     */
    private AlbisTable randomTable(int rows, long seed) throws Exception {
        return RandomAlbisTables.write(dir.resolve("t").toString(), RandomAlbisTables.everyAlbisType(), rows, seed,
                OrcFixtures::orcSafe);
    }

    private static Reader orcReader(Path file) throws IOException {
        return OrcFile.createReader(new org.apache.hadoop.fs.Path(file.toUri()), OrcFile.readerOptions(new Configuration()));
    }

    private List<String> filesInDir() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void everyAlbisTypeReadsBackThroughOrcCore() throws Exception {
        AlbisTable table = randomTable(2500, 11);
        Path out = dir.resolve("out.orc");
        ConvertResult r = AlbisToOrc.convert(table, out.toString(), ConvertOptions.defaults());
        assertEquals(2500, r.rows());
        try (Reader orc = orcReader(out)) {
            assertEquals(CompressionKind.NONE, orc.getCompressionKind());
            assertEquals(2500, orc.getNumberOfRows());
        }
        AlbisRows.assertSameRows(AlbisRows.rows(table), OrcFixtures.read(out));
        assertEquals(List.of("out.orc", "t"), filesInDir(), "no temporary or .crc file may be left");
    }

    @Test
    void orcTypesAreTheDocumentedOnes() throws Exception {
        Schema schema = RandomAlbisTables.everyFlatTypeButDecimal()
                .column("d9", DataType.decimal(9, 2))
                .column("d38", DataType.decimal(38, 10))
                .field(Field.of("st", DataType.struct(Field.required("a", DataType.INT),
                        Field.of("in", DataType.struct(Field.of("x", DataType.STRING))))))
                .build();
        String t = dir.resolve("t").toString();
        AlbisWriter.create(LocalStorage.INSTANCE, t, schema, WriterOptions.defaults()).close();
        Path out = dir.resolve("types.orc");
        assertEquals(0, AlbisToOrc.convert(AlbisTable.open(t), out.toString(), ConvertOptions.defaults(), CompressionKind.ZLIB)
                .rows());
        try (Reader orc = orcReader(out)) {
            assertEquals(TypeDescription.fromString("struct<b:boolean,y:tinyint,sh:smallint,i:int,l:bigint,f:float,"
                    + "d:double,dt:date,ts:timestamp,s:string,bin:binary,d9:decimal(9,2),d38:decimal(38,10),"
                    + "st:struct<a:int,in:struct<x:string>>>"), orc.getSchema());
            assertEquals(0, orc.getNumberOfRows());
        }
    }

    @Test
    void oneRowGroupBecomesOneFile() throws Exception {
        // 2500 rows at 300 per row group: nine groups, the last one short.
        AlbisTable table = randomTable(2500, 12);
        assertEquals(9, table.rowGroups().size());
        for (int rg : new int[] {0, 8}) {
            Path out = dir.resolve("rg" + rg + ".orc");
            assertEquals(table.rowCount(table.rowGroup(rg)), AlbisToOrc.convert(table, rg, out.toString(),
                    ConvertOptions.defaults(), CompressionKind.ZSTD).rows());
            List<Map<String, Object>> expected = new ArrayList<>();
            try (AlbisReader reader = table.newReader(ReadOptions.all().withRowGroups(rg))) {
                while (reader.advance()) {
                    expected.add(AlbisRows.actual(reader));
                }
            }
            try (Reader orc = orcReader(out)) {
                assertEquals(CompressionKind.ZSTD, orc.getCompressionKind());
            }
            AlbisRows.assertSameRows(expected, OrcFixtures.read(out));
        }
    }

    @Test
    void timestampsAroundTheEpochReadBackOrAreRefused() throws Exception {
        Schema schema = Schema.builder().column("id", DataType.INT, false).column("ts", DataType.TIMESTAMP).build();
        long[] fine = {-1_000_001L, -1_000_000L, -999_999L, -999_001L, 0L, 1L, 999_999L, 1_000_001L, -86_400_000_001L};
        String t = dir.resolve("t").toString();
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, t, schema, WriterOptions.defaults())) {
            for (int i = 0; i < fine.length; i++) {
                w.setInt(0, i);
                w.setTimestampMicros(1, fine[i]);
                w.nextRow();
            }
        }
        Path out = dir.resolve("fine.orc");
        AlbisToOrc.convert(AlbisTable.open(t), out.toString(), ConvertOptions.defaults());
        AlbisRows.assertSameRows(AlbisRows.rows(AlbisTable.open(t)), OrcFixtures.read(out));

        for (long broken : new long[] {-1L, -999_000L, -500_000L}) {
            String b = dir.resolve("b" + (-broken)).toString();
            try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, b, schema, WriterOptions.defaults())) {
                w.setInt(0, 0);
                w.setTimestampMicros(1, 5L);
                w.nextRow();
                w.setInt(0, 1);
                w.setTimestampMicros(1, broken);
                w.nextRow();
            }
            Path bad = dir.resolve("b" + (-broken) + ".orc");
            IOException e = assertThrows(IOException.class, () -> AlbisToOrc.convert(AlbisTable.open(b), bad.toString(),
                    ConvertOptions.defaults()));
            assertTrue(e.getMessage().contains("row 2") && e.getMessage().contains("column ts")
                    && e.getMessage().contains("1969-12-31T23:59:59"), e.getMessage());
            assertTrue(!Files.exists(bad));
        }
    }

    @Test
    void anExistingTargetIsRefused() throws Exception {
        AlbisTable table = randomTable(10, 13);
        Path out = dir.resolve("exists.orc");
        Refusals.assertExistingFileKept(out, () -> AlbisToOrc.convert(table, out.toString(), ConvertOptions.defaults()));
    }

    @Test
    void aFailedConversionLeavesNoFile() throws Exception {
        AlbisTable table = randomTable(1500, 14);
        // Flip a row byte of the last row group's first segment: its checksum fails after the
        // earlier row groups went out.
        io.albis.table.RowGroupRef last = table.rowGroups().get(table.rowGroups().size() - 1);
        io.albis.schema.ColumnGroup group = table.schema().groups().get(0);
        Path data = Path.of(table.dataPath(last, group));
        long firstRow = table.metadata(last, group, table.presentGroups(last)).segments().get(0).offset();
        byte[] bytes = Files.readAllBytes(data);
        bytes[(int) firstRow + 4] ^= 0x5a;
        Files.write(data, bytes);
        Path out = dir.resolve("broken.orc");
        assertThrows(Exception.class, () -> AlbisToOrc.convert(table, out.toString(), ConvertOptions.defaults()));
        assertEquals(List.of("t"), filesInDir(), "neither the target nor a temporary file may be left");
    }
}
