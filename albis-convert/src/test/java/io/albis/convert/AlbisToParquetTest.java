package io.albis.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.schema.Column;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.math.BigDecimal;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Albis tables written as Parquet must read back through parquet-java's own reader with every value intact. */
class AlbisToParquetTest {
    @TempDir
    Path dir;

    static Schema everyAlbisType() {
        List<Field> fs = new ArrayList<>();
        fs.add(Field.required("id", DataType.INT));
        fs.add(Field.of("b", DataType.BOOLEAN));
        fs.add(Field.of("y", DataType.BYTE));
        fs.add(Field.of("sh", DataType.SHORT));
        fs.add(Field.of("l", DataType.LONG));
        fs.add(Field.of("f", DataType.FLOAT));
        fs.add(Field.required("d", DataType.DOUBLE));
        fs.add(Field.of("dt", DataType.DATE));
        fs.add(Field.of("ts", DataType.TIMESTAMP));
        fs.add(Field.of("s", DataType.STRING));
        fs.add(Field.of("bin", DataType.BINARY));
        for (int p = 1; p <= 38; p++) {
            fs.add(Field.of("dec_p" + p, DataType.decimal(p, p / 2)));
        }
        fs.add(Field.of("st", DataType.struct(
                Field.required("a", DataType.INT),
                Field.of("inner", DataType.struct(Field.of("x", DataType.STRING))),
                Field.required("req", DataType.struct(Field.required("z", DataType.LONG), Field.of("w", DataType.decimal(25, 3)))))));
        fs.add(Field.of("lonely", DataType.struct(Field.of("only", DataType.DOUBLE))));
        return Schema.builder().fields(fs).build();
    }

    /** Random rows through the Albis writer's setValue; structs are null one time in four. */
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
                        continue;
                    }
                    if (c.name().equals("id")) {
                        w.setInt(c.index(), row);
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
            case INT -> ParquetFixtures.extremeInt(rnd);
            case LONG, TIMESTAMP -> ParquetFixtures.extremeLong(rnd);
            case FLOAT -> ParquetFixtures.randomFloat(rnd);
            case DOUBLE -> ParquetFixtures.randomDouble(rnd);
            case DATE -> ParquetFixtures.extremeInt(rnd);
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

    @Test
    void everyAlbisTypeReadsBackThroughParquetJava() throws Exception {
        Schema schema = everyAlbisType();
        String t = dir.resolve("t").toString();
        writeRandomTable(t, schema, 1500, 5);
        AlbisTable table = AlbisTable.open(t);
        Path out = dir.resolve("out.parquet");
        ConvertResult r = AlbisToParquet.convert(table, out.toString(), ConvertOptions.defaults());
        assertEquals(1500, r.rows());

        MessageType parquet;
        try (ParquetFileReader pr = ParquetFileReader.open(new LocalInputFile(out))) {
            parquet = pr.getFooter().getFileMetaData().getSchema();
            assertEquals(CompressionCodecName.UNCOMPRESSED,
                    pr.getFooter().getBlocks().get(0).getColumns().get(0).getCodec());
        }
        List<Group> groups = ParquetFixtures.read(out);
        List<Map<String, Object>> albis = ParquetFixtures.rows(table);
        assertEquals(albis.size(), groups.size());
        for (int i = 0; i < groups.size(); i++) {
            ParquetFixtures.assertSameRow(albis.get(i), ParquetFixtures.expected(groups.get(i), parquet), "row " + i);
        }
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of("out.parquet", "t"), files.map(p -> p.getFileName().toString()).sorted().toList(),
                    "no temporary file may be left");
        }
    }

    @Test
    void parquetTypesAreTheDocumentedOnes() throws Exception {
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
                .column("d18", DataType.decimal(18, 0))
                .column("d19", DataType.decimal(19, 4))
                .column("d38", DataType.decimal(38, 10))
                .field(Field.of("st", DataType.struct(Field.required("a", DataType.INT))))
                .field(Field.required("rs", DataType.struct(Field.of("a", DataType.INT))))
                .build();
        String t = dir.resolve("t").toString();
        AlbisWriter.create(LocalStorage.INSTANCE, t, schema, WriterOptions.defaults()).close();
        Path out = dir.resolve("types.parquet");
        ConvertResult r = AlbisToParquet.convert(AlbisTable.open(t), out.toString(), ConvertOptions.defaults(),
                CompressionCodecName.GZIP);
        assertEquals(0, r.rows());
        MessageType expected = MessageTypeParser.parseMessageType("""
                message albis {
                  required boolean b;
                  optional int32 y (INTEGER(8,true));
                  optional int32 sh (INTEGER(16,true));
                  optional int32 i;
                  optional int64 l;
                  optional float f;
                  optional double d;
                  optional int32 dt (DATE);
                  optional int64 ts (TIMESTAMP(MICROS,true));
                  optional binary s (STRING);
                  optional binary bin;
                  optional int32 d9 (DECIMAL(9,2));
                  optional int64 d18 (DECIMAL(18,0));
                  optional fixed_len_byte_array(9) d19 (DECIMAL(19,4));
                  optional fixed_len_byte_array(16) d38 (DECIMAL(38,10));
                  optional group st { required int32 a; }
                  required group rs { optional int32 a; }
                }
                """);
        try (ParquetFileReader pr = ParquetFileReader.open(new LocalInputFile(out))) {
            assertEquals(expected, pr.getFooter().getFileMetaData().getSchema());
        }
    }

    @Test
    void decimalByteWidthsAreTheFewestThatHoldThePrecision() {
        int[] expected = {0, 1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 6, 6, 6, 7, 7, 8, 8, 9, 9, 9, 10, 10, 11, 11, 11, 12, 12, 13,
            13, 13, 14, 14, 15, 15, 16, 16, 16};
        for (int p = 1; p <= 38; p++) {
            assertEquals(expected[p], ParquetSchemas.decimalBytes(p), "precision " + p);
        }
    }

    @Test
    void compressedOutputReadsBack() throws Exception {
        Schema schema = everyAlbisType();
        String t = dir.resolve("t").toString();
        writeRandomTable(t, schema, 200, 6);
        Path out = dir.resolve("gz.parquet");
        AlbisToParquet.convert(AlbisTable.open(t), out.toString(), ConvertOptions.defaults(), CompressionCodecName.GZIP);
        try (ParquetFileReader pr = ParquetFileReader.open(new LocalInputFile(out))) {
            assertEquals(CompressionCodecName.GZIP, pr.getFooter().getBlocks().get(0).getColumns().get(0).getCodec());
        }
        assertEquals(ParquetFixtures.rows(AlbisTable.open(t)).size(), ParquetFixtures.read(out).size());
    }

    @Test
    void anExistingTargetIsRefused() throws Exception {
        String t = dir.resolve("t").toString();
        writeRandomTable(t, everyAlbisType(), 10, 7);
        Path out = dir.resolve("exists.parquet");
        Files.writeString(out, "keep me");
        FileAlreadyExistsException e = assertThrows(FileAlreadyExistsException.class,
                () -> AlbisToParquet.convert(AlbisTable.open(t), out.toString(), ConvertOptions.defaults()));
        assertTrue(e.getMessage().contains("exists.parquet"), e.getMessage());
        assertEquals("keep me", Files.readString(out));
    }
}
