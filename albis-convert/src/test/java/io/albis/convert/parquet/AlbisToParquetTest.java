package io.albis.convert.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.convert.AlbisRows;
import io.albis.convert.ConvertOptions;
import io.albis.convert.ConvertResult;
import io.albis.convert.RandomAlbisTables;
import io.albis.convert.Refusals;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.LongUnaryOperator;
import java.util.stream.Stream;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
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

    private AlbisTable randomTable(int rows, long seed) throws Exception {
        return RandomAlbisTables.write(dir.resolve("t").toString(), RandomAlbisTables.everyAlbisType(), rows, seed,
                LongUnaryOperator.identity());
    }

    @Test
    void everyAlbisTypeReadsBackThroughParquetJava() throws Exception {
        Schema schema = RandomAlbisTables.everyAlbisType();
        AlbisTable table = randomTable(1500, 5);
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
        List<Map<String, Object>> albis = AlbisRows.rows(table);
        assertEquals(albis.size(), groups.size());
        for (int i = 0; i < groups.size(); i++) {
            AlbisRows.assertSameRow(albis.get(i), ParquetFixtures.expected(groups.get(i), parquet), "row " + i);
        }
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of("out.parquet", "t"), files.map(p -> p.getFileName().toString()).sorted().toList(),
                    "no temporary file may be left");
        }
    }

    @Test
    void parquetTypesAreTheDocumentedOnes() throws Exception {
        Schema schema = RandomAlbisTables.everyFlatTypeButDecimal()
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
        Schema schema = RandomAlbisTables.everyAlbisType();
        AlbisTable table = randomTable(200, 6);
        Path out = dir.resolve("gz.parquet");
        AlbisToParquet.convert(table, out.toString(), ConvertOptions.defaults(), CompressionCodecName.GZIP);
        try (ParquetFileReader pr = ParquetFileReader.open(new LocalInputFile(out))) {
            assertEquals(CompressionCodecName.GZIP, pr.getFooter().getBlocks().get(0).getColumns().get(0).getCodec());
        }
        assertEquals(AlbisRows.rows(table).size(), ParquetFixtures.read(out).size());
    }

    @Test
    void writerSettingsReachParquetJava() throws Exception {
        String t = dir.resolve("keys").toString();
        Schema schema = Schema.builder().column("k", DataType.LONG, false).column("v", DataType.INT).build();
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, t, schema, WriterOptions.defaults())) {
            for (int i = 0; i < 1000; i++) {
                w.setLong(0, 3L * i);
                w.setInt(1, i);
                w.nextRow();
            }
        }
        Path out = dir.resolve("bloom.parquet");
        AlbisToParquet.convert(AlbisTable.open(t), 0, out.toString(), ConvertOptions.defaults(),
                CompressionCodecName.UNCOMPRESSED, builder -> builder.withBloomFilterEnabled("k", true));
        try (ParquetFileReader pr = ParquetFileReader.open(new LocalInputFile(out))) {
            List<ColumnChunkMetaData> columns = pr.getFooter().getBlocks().get(0).getColumns();
            BloomFilter k = pr.readBloomFilter(columns.get(0));
            assertTrue(k.findHash(k.hash(3L * 7)), "a key written is in the bloom filter");
            assertEquals(-1, columns.get(1).getBloomFilterOffset(), "no bloom filter on a column not named");
        }
    }

    @Test
    void anExistingTargetIsRefused() throws Exception {
        AlbisTable table = randomTable(10, 7);
        Path out = dir.resolve("exists.parquet");
        Refusals.assertExistingFileKept(out, () -> AlbisToParquet.convert(table, out.toString(), ConvertOptions.defaults()));
    }
}
