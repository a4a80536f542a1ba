package io.albis.bench.format.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.ScanResults;
import io.albis.bench.format.albis.AlbisDataFormat;
import io.albis.scan.ChecksumScan;
import io.albis.scan.ScanResult;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2ScanRelation;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The floor source with lists and maps: a small table of a list of every leaf type, two maps and a
 * map of lists, in two row groups, the first of two batches. Through the floor, whole and a column
 * at a time, it gives the source's totals (rows, logical bytes, nulls, checksum of
 * {@link ChecksumScan}) as {@code spark-albis} does, and Spark gets from it the rows it gets from
 * the Albis source; structs stay refused, by name.
 */
class FloorNestedTest {
    private static final List<DataType> LEAVES = List.of(DataType.BOOLEAN, DataType.BYTE, DataType.SHORT,
            DataType.INT, DataType.LONG, DataType.FLOAT, DataType.DOUBLE, DataType.DATE, DataType.TIMESTAMP,
            DataType.TIMESTAMP_NTZ, DataType.decimal(7, 2), DataType.decimal(18, 3), DataType.decimal(30, 5),
            DataType.STRING, DataType.BINARY);
    /** Rows, and rows per row group: the first row group takes more than one batch ({@link FloorTables#BATCH_ROWS}). */
    private static final int ROWS = 6000;
    private static final int ROW_GROUP_ROWS = 5000;

    @Test
    void givesTheSourcesTotalsWholeAndAColumnAtATime(@TempDir Path dir) throws IOException {
        AlbisTable table = write(dir);
        SparkFloorFormat floor = new SparkFloorFormat();
        SparkAlbisFormat albis = new SparkAlbisFormat();
        for (ReadSpec spec : List.of(ReadSpec.all(), ReadSpec.columns(List.of("counts")),
                ReadSpec.columns(List.of("l3", "groups")))) {
            ScanResult expected = ChecksumScan.scan(table, AlbisDataFormat.options(spec), 1);
            ScanResult fromFloor = floor.read(dir, spec, 2);
            ScanResult fromAlbis = albis.read(dir, spec, 2);
            assertTrue(ScanResults.sameData(expected, fromFloor), spec + ": the floor gave "
                    + ScanResults.describe(fromFloor) + ", the source holds " + ScanResults.describe(expected));
            assertTrue(ScanResults.sameData(expected, fromAlbis), spec + ": spark-albis gave "
                    + ScanResults.describe(fromAlbis) + ", the source holds " + ScanResults.describe(expected));
        }
        assertEquals(2, FloorTables.get(dir.toString()).rowGroups().size(), "row groups");
        assertEquals(2, FloorTables.get(dir.toString()).rowGroups().get(0).size(), "batches of the first row group");
    }

    @Test
    void givesSparkTheRowsTheAlbisSourceGives(@TempDir Path dir) throws IOException {
        write(dir);
        SparkSession spark = new SparkAlbisFormat().ready(dir, 2);
        List<String> expected = json(spark.read().format("albis").load(dir.toString()));
        List<String> actual = json(spark.read().format(FloorSource.class.getName()).load(dir.toString()));
        assertEquals(ROWS, actual.size(), "rows");
        for (int i = 0; i < ROWS; i++) {
            assertEquals(expected.get(i), actual.get(i), "row " + i);
        }
        // A query of some columns gets batches of those columns only, as from the Albis source.
        Dataset<Row> one = spark.read().format(FloorSource.class.getName()).load(dir.toString()).select("counts");
        DataSourceV2ScanRelation scan = (DataSourceV2ScanRelation) one.queryExecution().optimizedPlan().collectLeaves().head();
        assertEquals(List.of("counts"), List.of(scan.scan().readSchema().fieldNames()), "columns scanned");
    }

    @Test
    void refusesStructsByName(@TempDir Path dir) throws IOException {
        DataType point = DataType.struct(new Field("x", DataType.INT, true), new Field("y", DataType.INT, true));
        List<Schema> schemas = List.of(Schema.builder().column("id", DataType.LONG).column("p", point).build(),
                Schema.builder().column("id", DataType.LONG).column("p", DataType.list(point, true)).build());
        for (int s = 0; s < schemas.size(); s++) {
            String path = dir.resolve("t" + s).toString();
            try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, path, schemas.get(s), WriterOptions.defaults())) {
                w.setLong(0, 1);
                w.nextRow();
            }
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FloorTables.get(path));
            assertTrue(e.getMessage().contains("no structs") && e.getMessage().contains("column p "), e.getMessage());
        }
    }

    /** Every row as JSON, in the order of {@code id}. */
    private static List<String> json(Dataset<Row> df) {
        Column all = functions.struct(java.util.Arrays.stream(df.columns()).map(functions::col).toArray(Column[]::new));
        return df.select(functions.col("id"), functions.to_json(all)).orderBy("id").collectAsList().stream()
                .map(r -> r.getString(1)).toList();
    }

    /**
     * The table: {@code id}, {@code l0..l14} a list of each of {@link #LEAVES}, {@code counts
     * map<string, long>}, {@code days map<date, decimal(30, 5)>}, {@code groups map<string,
     * list<int>>}; every list, map, element and map value null now and then, lists and maps empty
     * now and then.
     */
    private static AlbisTable write(Path dir) throws IOException {
        Schema.Builder b = Schema.builder().column("id", DataType.LONG, false);
        for (int t = 0; t < LEAVES.size(); t++) {
            b.column("l" + t, DataType.list(LEAVES.get(t), true));
        }
        DataType ints = DataType.list(DataType.INT, true);
        Schema schema = b.column("counts", DataType.map(DataType.STRING, DataType.LONG, true))
                .column("days", DataType.map(DataType.DATE, DataType.decimal(30, 5), true))
                .column("groups", DataType.map(DataType.STRING, ints, true)).build();
        Random r = new Random(9);
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, dir.toString(), schema,
                WriterOptions.defaults().withRowGroupRows(ROW_GROUP_ROWS))) {
            for (int row = 0; row < ROWS; row++) {
                w.setLong(0, row);
                for (int t = 0; t < LEAVES.size(); t++) {
                    if (r.nextInt(10) != 0) {
                        w.setList(1 + t, list(LEAVES.get(t), r));
                    }
                }
                int at = 1 + LEAVES.size();
                if (r.nextInt(10) != 0) {
                    w.setMap(at, map(DataType.STRING, DataType.LONG, r));
                }
                if (r.nextInt(10) != 0) {
                    w.setMap(at + 1, map(DataType.DATE, DataType.decimal(30, 5), r));
                }
                if (r.nextInt(10) != 0) {
                    w.setMap(at + 2, map(DataType.STRING, ints, r));
                }
                w.nextRow();
            }
        }
        return AlbisTable.open(dir.toString());
    }

    /** 0..5 values of {@code t}, about one in ten null. */
    private static List<Object> list(DataType t, Random r) {
        List<Object> out = new ArrayList<>();
        for (int n = r.nextInt(6); n > 0; n--) {
            out.add(r.nextInt(10) == 0 ? null : value(t, r));
        }
        return out;
    }

    /** 0..5 entries of distinct keys, about one value in ten null. */
    private static Map<Object, Object> map(DataType key, DataType value, Random r) {
        Map<Object, Object> out = new LinkedHashMap<>();
        for (int n = r.nextInt(6); n > 0; n--) {
            out.put(value(key, r), r.nextInt(10) == 0 ? null : value(value, r));
        }
        return out;
    }

    /** A random value of {@code t} as the writer takes it. */
    private static Object value(DataType t, Random r) {
        return switch (t.id()) {
            case BOOLEAN -> r.nextBoolean();
            case BYTE -> (byte) r.nextInt();
            case SHORT -> (short) r.nextInt();
            case INT -> r.nextInt();
            case LONG -> r.nextLong();
            case FLOAT -> r.nextFloat() * 1000 - 500;
            case DOUBLE -> r.nextGaussian() * 1e6;
            case DATE -> LocalDate.ofEpochDay(r.nextInt(40_000));
            case TIMESTAMP, TIMESTAMP_NTZ -> r.nextLong(2_000_000_000_000_000L);
            case DECIMAL -> {
                BigInteger unscaled = new BigInteger(3 * t.precision(), r); // 8^p < 10^p: it fits
                yield new BigDecimal(r.nextBoolean() ? unscaled.negate() : unscaled, t.scale());
            }
            case STRING -> "é中" + r.nextInt(1000);
            case BINARY -> {
                byte[] bytes = new byte[r.nextInt(20)];
                r.nextBytes(bytes);
                yield bytes;
            }
            case LIST -> list(t.elementField().type(), r);
            default -> throw new IllegalArgumentException("no values of " + t + " here");
        };
    }
}
