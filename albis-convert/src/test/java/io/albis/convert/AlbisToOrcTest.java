package io.albis.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.schema.Column;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
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
     * {@link AlbisToParquetTest#writeRandomTable}'s rows (every type, extremes, null structs), except
     * that timestamps in the last second before the epoch, which ORC cannot hold, move one second back.
     */
    static void writeRandomTable(String path, Schema schema, int rows, long seed) throws Exception {
        Random rnd = new Random(seed);
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, path, schema,
                WriterOptions.defaults().withSegmentSize(2048).withRowGroupRows(300))) {
            for (int row = 0; row < rows; row++) {
                List<List<String>> nullStructs = new ArrayList<>();
                for (Column c : schema.columns()) {
                    boolean underNull = nullStructs.stream().anyMatch(p -> c.path().size() > p.size()
                            && c.path().subList(0, p.size()).equals(p));
                    if (c.isStructMarker()) {
                        if (underNull || rnd.nextInt(4) == 0) {
                            w.setNull(c.index());
                            nullStructs.add(c.path());
                        }
                    } else if ((underNull || rnd.nextInt(6) == 0) && c.nullable()) {
                        w.setNull(c.index());
                    } else {
                        w.setValue(c.index(), randomValue(c.type(), rnd));
                    }
                }
                w.nextRow();
            }
        }
    }

    private static Object randomValue(DataType t, Random rnd) {
        return switch (t.id()) {
            case BOOLEAN -> rnd.nextBoolean();
            case BYTE -> (byte) ParquetFixtures.extremeInt(rnd);
            case SHORT -> (short) ParquetFixtures.extremeInt(rnd);
            case INT, DATE -> ParquetFixtures.extremeInt(rnd);
            case LONG -> ParquetFixtures.extremeLong(rnd);
            case TIMESTAMP -> {
                long micros = ParquetFixtures.extremeLong(rnd);
                yield micros < 0 && micros >= -999_000 ? micros - 1_000_000 : micros;
            }
            case FLOAT -> ParquetFixtures.randomFloat(rnd);
            case DOUBLE -> ParquetFixtures.randomDouble(rnd);
            case STRING -> ParquetFixtures.randomString(rnd);
            case BINARY -> {
                byte[] b = new byte[rnd.nextInt(30)];
                rnd.nextBytes(b);
                yield b;
            }
            case DECIMAL -> new BigDecimal(ParquetFixtures.randomUnscaled(t.precision(), rnd), t.scale());
            case STRUCT -> throw new IllegalArgumentException("markers are set above");
            case TIMESTAMP_NTZ, LIST, MAP -> throw new IllegalArgumentException(t + " is not in these tables");
        };
    }

    private static void assertSameRows(List<Map<String, Object>> albis, List<Map<String, Object>> orc) {
        assertEquals(albis.size(), orc.size(), "rows");
        for (int i = 0; i < albis.size(); i++) {
            ParquetFixtures.assertSameRow(albis.get(i), orc.get(i), "row " + i);
        }
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
        String t = dir.resolve("t").toString();
        writeRandomTable(t, AlbisToParquetTest.everyAlbisType(), 2500, 11);
        AlbisTable table = AlbisTable.open(t);
        Path out = dir.resolve("out.orc");
        ConvertResult r = AlbisToOrc.convert(table, out.toString(), ConvertOptions.defaults());
        assertEquals(2500, r.rows());
        try (Reader orc = orcReader(out)) {
            assertEquals(CompressionKind.NONE, orc.getCompressionKind());
            assertEquals(2500, orc.getNumberOfRows());
        }
        assertSameRows(ParquetFixtures.rows(table), OrcFixtures.read(out));
        assertEquals(List.of("out.orc", "t"), filesInDir(), "no temporary or .crc file may be left");
    }

    @Test
    void orcTypesAreTheDocumentedOnes() throws Exception {
        Schema schema = Schema.builder()
                .column("b", DataType.BOOLEAN, false)
                .column("y", DataType.BYTE)
                .column("sh", DataType.SHORT)
                .column("i", DataType.INT)
                .column("l", DataType.LONG)
                .column("f", DataType.FLOAT)
                .column("d", DataType.DOUBLE)
                .column("dt", DataType.DATE)
                .column("ts", DataType.TIMESTAMP)
                .column("s", DataType.STRING)
                .column("bin", DataType.BINARY)
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
        String t = dir.resolve("t").toString();
        // 2500 rows at 300 per row group: nine groups, the last one short.
        writeRandomTable(t, AlbisToParquetTest.everyAlbisType(), 2500, 12);
        AlbisTable table = AlbisTable.open(t);
        assertEquals(9, table.rowGroups().size());
        for (int rg : new int[] {0, 8}) {
            Path out = dir.resolve("rg" + rg + ".orc");
            assertEquals(table.rowCount(table.rowGroup(rg)), AlbisToOrc.convert(table, rg, out.toString(),
                    ConvertOptions.defaults(), CompressionKind.ZSTD).rows());
            List<Map<String, Object>> expected = new ArrayList<>();
            try (AlbisReader reader = table.newReader(ReadOptions.all().withRowGroups(rg))) {
                while (reader.advance()) {
                    expected.add(ParquetFixtures.actual(reader));
                }
            }
            try (Reader orc = orcReader(out)) {
                assertEquals(CompressionKind.ZSTD, orc.getCompressionKind());
            }
            assertSameRows(expected, OrcFixtures.read(out));
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
        assertSameRows(ParquetFixtures.rows(AlbisTable.open(t)), OrcFixtures.read(out));

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
        String t = dir.resolve("t").toString();
        writeRandomTable(t, AlbisToParquetTest.everyAlbisType(), 10, 13);
        Path out = dir.resolve("exists.orc");
        Files.writeString(out, "keep me");
        FileAlreadyExistsException e = assertThrows(FileAlreadyExistsException.class,
                () -> AlbisToOrc.convert(AlbisTable.open(t), out.toString(), ConvertOptions.defaults()));
        assertTrue(e.getMessage().contains("exists.orc"), e.getMessage());
        assertEquals("keep me", Files.readString(out));
    }

    @Test
    void aFailedConversionLeavesNoFile() throws Exception {
        String t = dir.resolve("t").toString();
        writeRandomTable(t, AlbisToParquetTest.everyAlbisType(), 1500, 14);
        AlbisTable table = AlbisTable.open(t);
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
