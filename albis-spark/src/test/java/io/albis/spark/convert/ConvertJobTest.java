package io.albis.spark.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.convert.ConvertOptions;
import io.albis.convert.ProgressListener;
import io.albis.convert.orc.OrcSchemas;
import io.albis.convert.orc.OrcToAlbis;
import io.albis.convert.parquet.ParquetToAlbis;
import io.albis.error.InvalidOptionException;
import io.albis.error.SchemaMismatchException;
import io.albis.schema.ColumnGroupSpec;
import io.albis.spark.SparkRows;
import io.albis.spark.SparkSessions;
import io.albis.spark.types.SparkTypes;
import io.albis.table.AlbisTable;
import io.albis.write.WriterOptions;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ListColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.UnionColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.hive.serde2.io.HiveDecimalWritable;
import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.NanoTime;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ConvertJob} against {@code albis convert} (albis-convert's converters) on the same
 * Parquet and ORC files, written here with parquet-java and orc-core: the same columns of the
 * same types and the same rows, or a refusal naming the column where Spark's reader cannot give
 * what albis-convert's mapping says.
 */
class ConvertJobTest {
    @TempDir
    Path dir;

    private final SparkSession spark = SparkSessions.local();

    /** The Parquet types Spark reads as albis-convert maps them, the widened ones among them. */
    private static final MessageType PARQUET = MessageTypeParser.parseMessageType("""
            message m {
              required int64 id;
              optional int32 u8 (INTEGER(8,false));
              optional int32 u16 (INTEGER(16,false));
              optional int32 u32 (INTEGER(32,false));
              optional int64 u64 (INTEGER(64,false));
              optional binary json (JSON);
              optional binary enm (ENUM);
              optional binary bson (BSON);
              optional fixed_len_byte_array(7) flba;
              optional int64 ntz_us (TIMESTAMP(MICROS,false));
              optional int64 ntz_ms (TIMESTAMP(MILLIS,false));
              optional int64 ts_ms (TIMESTAMP(MILLIS,true));
              optional int96 i96;
              optional int32 dec (DECIMAL(9,2));
              optional binary s (STRING);
              optional group st { required int32 a; optional binary b (STRING); }
              optional group arr (LIST) { repeated group list { optional int64 element; } }
              optional group m (MAP) { repeated group key_value { required binary key (STRING); optional int32 value; } }
            }
            """);

    private static Binary bytes(int n, int value) {
        byte[] b = new byte[n];
        java.util.Arrays.fill(b, (byte) value);
        return Binary.fromConstantByteArray(b);
    }

    private static void writeParquet(Path file, MessageType schema, List<Group> rows) throws Exception {
        try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(schema)
                .withConf(new Configuration()).withRowGroupSize(4096L).build()) {
            for (Group g : rows) {
                w.write(g);
            }
        }
    }

    private static List<Group> parquetRows(int n) {
        SimpleGroupFactory f = new SimpleGroupFactory(PARQUET);
        List<Group> rows = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            Group g = f.newGroup().append("id", (long) i);
            if (i % 7 != 3) { // every seventh row has nulls in every optional column
                g.append("u8", i % 256).append("u16", 65535 - i).append("u32", -1 - i).append("u64", Long.MIN_VALUE + i)
                        .append("json", "{\"k\": " + i + "}").append("enm", i % 2 == 0 ? "A" : "Ä")
                        .append("bson", bytes(3 + i % 5, i)).append("flba", bytes(7, 255 - i))
                        .append("ntz_us", 1_600_000_000_000_000L + i).append("ntz_ms", 1_600_000_000_000L + i)
                        .append("ts_ms", -86_400_000L * i).append("i96", new NanoTime(2_459_000 + i, 1_000L * i))
                        .append("dec", i * 101 - 5000).append("s", "s" + i + "ü".repeat(i % 4));
                g.addGroup("st").append("a", i).append("b", "b" + i);
                Group list = g.addGroup("arr");
                for (int k = 0; k < i % 4; k++) {
                    Group e = list.addGroup("list");
                    if (k != 1) {
                        e.append("element", (long) i * k);
                    }
                }
                Group kv = g.addGroup("m").addGroup("key_value").append("key", "k" + i);
                if (i % 3 != 0) {
                    kv.append("value", i);
                }
            }
            rows.add(g);
        }
        return rows;
    }

    /** The two tables have the same columns of the same types (Spark writes every column nullable) and rows. */
    private void assertSameTables(String byCli, String byJob) throws Exception {
        StructType cli = SparkTypes.toSpark(AlbisTable.open(byCli).schema().fields());
        Dataset<Row> job = spark.read().format("albis").load(byJob);
        assertEquals(List.of(cli.fieldNames()), List.of(job.schema().fieldNames()));
        assertTrue(DataType.equalsIgnoreNullability(cli, job.schema()), cli.treeString() + " vs " + job.schema().treeString());
        SparkRows.assertSameRows(spark.read().format("albis").load(byCli), job);
    }

    @Test
    void parquetConvertsAsAlbisConvertDoes() throws Exception {
        Path in = dir.resolve("in");
        Files.createDirectories(in);
        writeParquet(in.resolve("part-0.parquet"), PARQUET, parquetRows(300));
        writeParquet(in.resolve("part-1.parquet"), PARQUET, parquetRows(50));
        String cli = dir.resolve("cli").toString();
        String job = dir.resolve("job").toString();
        ParquetToAlbis.convert(in.toString(), cli, ConvertOptions.defaults());
        WrittenTables w = ConvertJob.run(spark, ConvertJobOptions.parse(in.toString(), job, "--row-group-rows", "64"));
        assertSameTables(cli, job);
        assertEquals(350, w.rows());
        assertEquals(1, w.tables());
        assertTrue(w.rowGroups() >= 350 / 64, "row groups " + w.rowGroups());
        assertTrue(w.bytes() > 0);
    }

    @Test
    void columnGroupsLayOutTheTableAsAlbisConvertDoes() throws Exception {
        Path in = dir.resolve("in.parquet");
        writeParquet(in, PARQUET, parquetRows(200));
        for (String spec : List.of("column", "ids=id,u8;nested=st,arr,m")) {
            String name = spec.equals("column") ? "column" : "named";
            String cli = dir.resolve("cli-" + name).toString();
            String job = dir.resolve("job-" + name).toString();
            // as `albis convert --column-groups SPEC` passes the spec to the converter
            ColumnGroupSpec groups = ColumnGroupSpec.parse(spec);
            ParquetToAlbis.convert(in.toString(), cli, new ConvertOptions(groups.groups(), groups.columnPerGroup(),
                    WriterOptions.defaults(), ProgressListener.NONE, new Configuration()));
            ConvertJob.run(spark, ConvertJobOptions.parse("--column-groups", spec, in.toString(), job));
            assertSameTables(cli, job);
            assertEquals(ColumnGroupSpec.describe(AlbisTable.open(cli).schema()),
                    ColumnGroupSpec.describe(AlbisTable.open(job).schema()), spec);
        }
    }

    @Test
    void columnGroupsNamingAPartitionColumnAreRefused() throws Exception {
        Path in = dir.resolve("in.parquet");
        writeParquet(in, PARQUET, parquetRows(20));
        String out = dir.resolve("out").toString();
        InvalidOptionException e = assertThrows(InvalidOptionException.class, () -> ConvertJob.run(spark,
                ConvertJobOptions.parse("--partition-by", "enm", "--column-groups", "g=id,enm", in.toString(), out)));
        assertTrue(e.getMessage().contains("columnGroups") && e.getMessage().contains("partition column 'enm'"),
                e.getMessage());
        assertFalse(Files.exists(Path.of(out)) && Files.list(Path.of(out)).findAny().isPresent(), "nothing written");
    }

    @Test
    void partitionByWritesOneTableOfAPartitionPerValue() throws Exception {
        Path in = dir.resolve("in.parquet");
        writeParquet(in, PARQUET, parquetRows(100));
        String job = dir.resolve("job").toString();
        WrittenTables w = ConvertJob.run(spark, ConvertJobOptions.parse("--partition-by", "enm", in.toString(), job));
        assertEquals(1, w.tables());
        assertEquals(3, AlbisTable.open(job).state().partitions().size()); // A, Ä and null
        assertEquals(100, w.rows());
        assertEquals(100, spark.read().format("albis").load(job).count());
        assertEquals(spark.read().parquet(in.toString()).where("enm = 'Ä'").count(),
                spark.read().format("albis").load(job).where("enm = 'Ä'").count());
    }

    @Test
    void parquetColumnsSparkCannotReadAreRefusedByName() throws Exception {
        for (String column : List.of("optional int64 t_ns (TIME(NANOS,true));",
                "optional group g { optional fixed_len_byte_array(16) id (UUID); }",
                "optional fixed_len_byte_array(12) iv (INTERVAL);",
                "optional fixed_len_byte_array(2) half (FLOAT16);",
                "optional int64 ts (TIMESTAMP(NANOS,true));")) {
            MessageType schema = MessageTypeParser.parseMessageType("message m { required int32 ok; " + column + " }");
            Path in = dir.resolve("refused-" + schema.getType(1).getName() + ".parquet");
            writeParquet(in, schema, List.of(new SimpleGroupFactory(schema).newGroup().append("ok", 1)));
            String out = dir.resolve("out-" + schema.getType(1).getName()).toString();
            SchemaMismatchException e = assertThrows(SchemaMismatchException.class,
                    () -> ConvertJob.run(spark, ConvertJobOptions.parse(in.toString(), out)));
            assertTrue(e.getMessage().contains("column '" + schema.getType(1).getName() + "'"), e.getMessage());
            assertEquals(1, e.getMessage().lines().count(), e.getMessage());
            assertFalse(Files.exists(Path.of(out)), "nothing written for " + column);
        }
    }

    private static final TypeDescription ORC = TypeDescription.fromString(
            "struct<id:bigint,b:tinyint,s:string,c:char(5),d:decimal(20,3),ts:timestamp,"
                    + "st:struct<x:int,y:string>,arr:array<int>>")
            .addField("ntz", TypeDescription.createLong().setAttribute(OrcSchemas.CATALYST_TYPE_ATTRIBUTE,
                    OrcSchemas.TIMESTAMP_NTZ));

    private static void writeOrc(Path file, TypeDescription schema, int n) throws Exception {
        try (Writer w = OrcFile.createWriter(new org.apache.hadoop.fs.Path(file.toString()),
                OrcFile.writerOptions(new Configuration()).setSchema(schema))) {
            VectorizedRowBatch batch = schema.createRowBatch();
            for (int i = 0; i < n; i++) {
                int r = batch.size++;
                boolean nulls = i % 5 == 2;
                for (int c = 1; c < batch.cols.length; c++) {
                    batch.cols[c].noNulls &= !nulls;
                    batch.cols[c].isNull[r] = nulls;
                }
                ((LongColumnVector) batch.cols[0]).vector[r] = i;
                if (!nulls) {
                    fillOrcRow(batch, r, i);
                }
                if (batch.size == batch.getMaxSize()) {
                    w.addRowBatch(batch);
                    batch.reset();
                }
            }
            w.addRowBatch(batch);
        }
    }

    private static void fillOrcRow(VectorizedRowBatch batch, int r, int i) {
        ((LongColumnVector) batch.cols[1]).vector[r] = (byte) i;
        ((BytesColumnVector) batch.cols[2]).setVal(r, ("s" + i + "日本").getBytes(StandardCharsets.UTF_8));
        ((BytesColumnVector) batch.cols[3]).setVal(r, ("c" + i % 10).getBytes(StandardCharsets.UTF_8));
        ((DecimalColumnVector) batch.cols[4]).set(r, new HiveDecimalWritable(
                org.apache.hadoop.hive.common.type.HiveDecimal.create(new BigDecimal("123456789012345.678").add(BigDecimal.valueOf(i)))));
        ((TimestampColumnVector) batch.cols[5]).set(r, new java.sql.Timestamp(1_500_000_000_000L + i * 1000L));
        StructColumnVector st = (StructColumnVector) batch.cols[6];
        ((LongColumnVector) st.fields[0]).vector[r] = i * 3L;
        ((BytesColumnVector) st.fields[1]).setVal(r, ("y" + i).getBytes(StandardCharsets.UTF_8));
        ListColumnVector arr = (ListColumnVector) batch.cols[7];
        int at = (int) arr.childCount;
        arr.offsets[r] = at;
        arr.lengths[r] = i % 3;
        arr.childCount += i % 3;
        arr.child.ensureSize((int) arr.childCount, true);
        for (int k = 0; k < i % 3; k++) {
            ((LongColumnVector) arr.child).vector[at + k] = i + k;
        }
        ((LongColumnVector) batch.cols[8]).vector[r] = 1_600_000_000_000_000L + i;
    }

    @Test
    void orcConvertsAsAlbisConvertDoes() throws Exception {
        Path in = dir.resolve("in.orc");
        writeOrc(in, ORC, 3000);
        String cli = dir.resolve("cli").toString();
        String job = dir.resolve("job").toString();
        OrcToAlbis.convert(in.toString(), cli, ConvertOptions.defaults());
        WrittenTables w = ConvertJob.run(spark, ConvertJobOptions.parse("--format", "orc", in.toString(), job));
        assertSameTables(cli, job);
        assertEquals(3000, w.rows());
    }

    @Test
    void orcUnionsAreRefusedByName() throws Exception {
        TypeDescription schema = TypeDescription.fromString("struct<id:bigint,u:uniontype<int,string>>");
        Path in = dir.resolve("union.orc");
        try (Writer w = OrcFile.createWriter(new org.apache.hadoop.fs.Path(in.toString()),
                OrcFile.writerOptions(new Configuration()).setSchema(schema))) {
            VectorizedRowBatch batch = schema.createRowBatch();
            batch.size = 1;
            UnionColumnVector u = (UnionColumnVector) batch.cols[1];
            u.tags[0] = 0;
            ((LongColumnVector) u.fields[0]).vector[0] = 5;
            w.addRowBatch(batch);
        }
        SchemaMismatchException e = assertThrows(SchemaMismatchException.class, () -> ConvertJob.run(spark,
                ConvertJobOptions.parse("--format", "orc", in.toString(), dir.resolve("out").toString())));
        assertTrue(e.getMessage().contains("column 'u'"), e.getMessage());
    }

    @Test
    void badOptionsAreRefusedNamingTheOption() {
        assertTrue(assertThrows(InvalidOptionException.class, () -> ConvertJobOptions.parse("a", "b", "--segment-size", "3"))
                .getMessage().contains("segmentSize"));
        assertTrue(assertThrows(InvalidOptionException.class, () -> ConvertJobOptions.parse("--format", "csv", "a", "b"))
                .getMessage().contains("--format"));
        assertTrue(assertThrows(InvalidOptionException.class, () -> ConvertJobOptions.parse("a"))
                .getMessage().contains("IN and OUT"));
        assertTrue(assertThrows(InvalidOptionException.class, () -> ConvertJobOptions.parse("a", "b", "--nope", "1"))
                .getMessage().contains("--nope"));
        assertTrue(assertThrows(InvalidOptionException.class, () -> ConvertJobOptions.parse("a", "b", "--column-groups", "g="))
                .getMessage().startsWith("option columnGroups: bad column groups 'g='"));
    }
}
