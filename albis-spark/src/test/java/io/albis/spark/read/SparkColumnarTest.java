package io.albis.spark.read;

import static io.albis.spark.Failures.rootCause;
import static io.albis.spark.SparkRows.assertSameRows;
import static io.albis.spark.SparkSessions.withConf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.sum;

import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.spark.SparkRows;
import io.albis.spark.SparkSessions;
import io.albis.storage.LocalStorage;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The columnar path ({@link RowGroupBatches}, {@link AlbisColumnVector}) against Spark's own
 * Parquet source and against the row path: every type with nulls, pushed filters, partition
 * columns, row groups of many segments, multi-group tables whose segments end at different rows,
 * and aggregates over every column through whole-stage codegen, on the V2 scan and the V1
 * fallback, with the columnar path on and turned off.
 */
class SparkColumnarTest {
    @TempDir
    static Path dir;

    private static final SparkSession spark = SparkSessions.local();
    private static final String V1_SOURCES = "spark.sql.sources.useV1SourceList";
    private static String parquet;
    private static String albis;
    private static String multiGroup;

    /** How a read runs: V2 scan or V1 fallback, columnar path on or off. */
    private enum Mode {
        V2_COLUMNAR(false, true), V2_ROWS(false, false), V1_COLUMNAR(true, true), V1_ROWS(true, false);

        final boolean v1;
        final boolean columnar;

        Mode(boolean v1, boolean columnar) {
            this.v1 = v1;
            this.columnar = columnar;
        }
    }

    /**
     * The every-type table partitioned by {@code part}, in Parquet and in Albis with 4 KiB segments
     * (row groups of many segments); and a table written with the Java API, one column group per
     * column, in two partitions: one with large segments and 20000 rows (batches reach their cap),
     * one with 512-byte segments (every group's segments end at other rows).
     */
    @BeforeAll
    static void tables() throws IOException {
        Dataset<Row> df = SparkRows.everyType(spark);
        parquet = dir.resolve("parquet").toString();
        albis = dir.resolve("albis").toString();
        df.write().partitionBy("part").parquet(parquet);
        df.write().partitionBy("part").format("albis").option("segmentSize", "4096").save(albis);
        multiGroup = dir.resolve("multi").toString();
        writeMultiGroup(multiGroup + "/p=1", WriterOptions.defaults().withRowGroupRows(9000), 20000);
        writeMultiGroup(multiGroup + "/p=2", WriterOptions.defaults().withSegmentSize(512).withRowGroupRows(700), 3000);
    }

    private static void writeMultiGroup(String path, WriterOptions options, int rows) throws IOException {
        Schema schema = Schema.builder()
                .column("i", DataType.INT)
                .column("l", DataType.LONG)
                .column("s", DataType.STRING)
                .column("w", DataType.decimal(25, 3))
                .column("arr", DataType.list(DataType.INT, true))
                .field(new Field("st", DataType.struct(Field.of("a", DataType.SHORT), Field.of("b", DataType.STRING)), true))
                .columnPerGroup()
                .build();
        int st = schema.columnIndex("st");
        int a = schema.columnIndex("st.a");
        int b = schema.columnIndex("st.b");
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, path, schema, options)) {
            for (int r = 0; r < rows; r++) {
                if (r % 7 != 0) {
                    w.setInt(0, r);
                }
                w.setLong(1, (long) r * r);
                if (r % 5 != 0) {
                    w.setString(2, "v" + r + "x".repeat(r % 23));
                }
                w.setDecimal(3, BigDecimal.valueOf((r % 2 == 0 ? 1 : -1) * (long) r * 1_000_000_007L, 3));
                if (r % 9 != 0) {
                    w.setList(4, Arrays.asList(r, null, -r)); // unset values are null
                }
                w.setShort(a, (short) r);
                w.setString(b, "b" + r);
                if (r % 11 == 0) {
                    w.setNull(st); // a null struct: its fields are stored as null
                }
                w.nextRow();
            }
        }
    }

    @Test
    void everyTypeReadsAsFromParquetOnEveryPath() {
        for (Mode m : Mode.values()) {
            inMode(m, () -> {
                assertSameRows(spark.read().parquet(parquet), read(albis));
                assertSameRows(spark.read().parquet(parquet).select("m", "st", "part", "arr_struct"),
                        read(albis).select("m", "st", "part", "arr_struct"));
                assertPath(m, read(albis));
                return null;
            });
        }
    }

    @Test
    void pushedFiltersGiveParquetsRowsOnTheColumnarPath() {
        List<String> wheres = List.of("i > 1500", "l <= 100000", "str = 's15'", "str >= 's5'", "d > 100.5",
                "d = CAST('NaN' AS DOUBLE)", "dec_short BETWEEN 3 AND 7.5", "dec_wide > 1000000",
                "dt < DATE'2020-02-01'", "ts >= TIMESTAMP'2020-01-01 00:30:00'",
                "ntz < TIMESTAMP_NTZ'2021-03-04 06:00:00'", "bool", "str IS NULL", "arr IS NULL", "st IS NULL",
                "i IN (1, 5, 9, 2999)", "l IS NULL OR i < 10", "NOT (i > 100 AND str LIKE 's1%')",
                "upper(str) = 'S42'", "part = 2 AND i % 3 = 0", "i < 0", "i % 50 = 7 AND b > 3");
        for (String where : wheres) {
            List<Row> expected = spark.read().parquet(parquet).where(where).collectAsList();
            for (Mode m : List.of(Mode.V2_COLUMNAR, Mode.V1_COLUMNAR)) {
                inMode(m, () -> {
                    Dataset<Row> q = read(albis).where(where);
                    assertSameRows(spark.createDataFrame(expected, q.schema()), q);
                    assertPath(m, q);
                    return null;
                });
            }
        }
    }

    @Test
    void aggregatesOverEveryColumnMatchParquetThroughWholeStageCodegen() {
        // Values Spark aggregates in a hash aggregate's generated code: sums, mins and maxes of the
        // fixed-width columns, a count of every column.
        List<String> generated = new ArrayList<>();
        for (String c : List.of("id", "b", "s", "i", "l", "f", "d", "dec_short", "dec_wide")) {
            generated.add("sum(" + c + ")");
        }
        for (String c : List.of("id", "b", "s", "i", "l", "f", "d", "dec_short", "dec_wide", "dt", "ts", "ntz", "bool",
                "part")) {
            generated.add("min(" + c + ")");
            generated.add("max(" + c + ")");
        }
        for (String c : spark.read().parquet(parquet).columns()) {
            generated.add("count(" + c + ")");
        }
        generated.add("count(*)");
        // Mins and maxes of strings, binaries and nested values (Spark's sort aggregate)
        List<String> sorted = new ArrayList<>();
        for (String c : List.of("str", "bin", "st", "arr", "arr_struct")) {
            sorted.add("min(" + c + ")");
            sorted.add("max(" + c + ")");
        }
        for (List<String> aggregates : List.of(generated, sorted)) {
            String[] exprs = aggregates.toArray(new String[0]);
            Dataset<Row> expected = spark.read().parquet(parquet).selectExpr(exprs);
            for (Mode m : Mode.values()) {
                inMode(m, () -> {
                    Dataset<Row> q = read(albis).selectExpr(exprs);
                    assertSameRows(expected, q);
                    assertPath(m, q);
                    if (aggregates == generated) {
                        String plan = q.queryExecution().executedPlan().toString();
                        assertTrue(plan.contains("*(1) HashAggregate"), "generated code reads the scan:\n" + plan);
                    }
                    Dataset<Row> byPartition = read(albis).groupBy("part").agg(max("str"), min("dec_wide"), sum("l"));
                    assertSameRows(spark.read().parquet(parquet).groupBy("part").agg(max("str"), min("dec_wide"), sum("l")),
                            byPartition);
                    return null;
                });
            }
        }
    }

    @Test
    void queriesOfPartitionColumnsOrNoColumnCountTheRows() {
        for (Mode m : List.of(Mode.V2_COLUMNAR, Mode.V1_COLUMNAR)) {
            inMode(m, () -> {
                assertEquals(3000L, read(albis).count());
                assertSameRows(spark.read().parquet(parquet).select("part"), read(albis).select("part"));
                assertEquals(750L, read(albis).where("part = 1").count());
                assertEquals(23000L, read(multiGroup).count());
                assertSameRows(spark.read().parquet(parquet).groupBy("part").count(), read(albis).groupBy("part").count());
                return null;
            });
        }
    }

    @Test
    void tablesOfManyGroupsAndSegmentsReadTheSameOnBothPaths() {
        List<String> queries = List.of("SELECT * FROM t", "SELECT s, st, p FROM t", "SELECT * FROM t WHERE i % 3 = 1",
                "SELECT * FROM t WHERE i > 100 AND l < 5000000", "SELECT w, arr FROM t WHERE s IS NULL OR st.a > 1000",
                // pushed filters matching short runs: a batch gathers many runs of a segment
                "SELECT * FROM t WHERE s IS NULL", "SELECT i, w, st, arr FROM t WHERE i IS NOT NULL AND l > 40000",
                "SELECT p, sum(i), max(s), min(w), count(arr), max(st.b) FROM t GROUP BY p");
        for (String sql : queries) {
            List<Row> rows = inMode(Mode.V2_ROWS, () -> query(sql).collectAsList());
            for (Mode m : List.of(Mode.V2_COLUMNAR, Mode.V1_COLUMNAR)) {
                inMode(m, () -> {
                    Dataset<Row> q = query(sql);
                    assertSameRows(spark.createDataFrame(rows, q.schema()), q);
                    assertPath(m, q);
                    return null;
                });
            }
        }
        assertEquals(23000L, inMode(Mode.V2_COLUMNAR, () -> read(multiGroup).where("i IS NULL OR i >= 0").count()));
    }

    @Test
    void theRowPathRunsWhenSparkTakesNoBatches() {
        Map<String, String> noCodegen = Map.of("spark.sql.codegen.wholeStage", "false");
        Map<String, String> fewFields = Map.of("spark.sql.codegen.maxFields", "5");
        for (Map<String, String> conf : List.of(noCodegen, fewFields)) {
            for (Mode m : List.of(Mode.V2_COLUMNAR, Mode.V1_COLUMNAR)) {
                withConf(conf, () -> inMode(m, () -> {
                    Dataset<Row> q = read(albis);
                    assertFalse(q.queryExecution().executedPlan().toString().contains("ColumnarToRow"),
                            conf + ": " + q.queryExecution().executedPlan());
                    assertSameRows(spark.read().parquet(parquet), q);
                    return null;
                }));
            }
        }
        // within the limit (2 columns and the partition column), batches again
        withConf(fewFields, () -> inMode(Mode.V2_COLUMNAR, () -> {
            assertPath(Mode.V2_COLUMNAR, read(albis).select("i", "str"));
            return null;
        }));
    }

    @Test
    void aBadSettingIsAClearError() {
        withConf(Map.of(ColumnarReads.Enabled(), "sometimes"), () -> {
            Exception e = assertThrows(Exception.class, () -> read(albis).collectAsList());
            assertTrue(String.valueOf(rootCause(e).getMessage()).contains(ColumnarReads.Enabled() + " must be true or false"),
                    String.valueOf(rootCause(e)));
            return null;
        });
    }

    private static Dataset<Row> read(String path) {
        return spark.read().format("albis").load(path);
    }

    private static Dataset<Row> query(String sql) {
        read(multiGroup).createOrReplaceTempView("t");
        return spark.sql(sql);
    }

    /** The plan reads batches ({@code ColumnarToRow} above the scan) exactly when the mode says so. */
    private static void assertPath(Mode m, Dataset<Row> q) {
        String plan = q.queryExecution().executedPlan().toString();
        assertEquals(m.columnar, plan.contains("ColumnarToRow"), m + ":\n" + plan);
        assertEquals(m.v1, plan.contains("FileScan albis"), m + ":\n" + plan);
    }

    private static <T> T inMode(Mode m, Supplier<T> body) {
        String v1 = spark.conf().get(V1_SOURCES);
        return withConf(Map.of(V1_SOURCES, m.v1 ? v1 + ",albis" : v1, ColumnarReads.Enabled(), String.valueOf(m.columnar)),
                body);
    }
}
