package io.albis.bench.jmh;

import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The tables the micro-benchmarks read. Every value is a pure function of (row, column), so a
 * test can compute what a benchmark must return without writing or reading a table.
 *
 * <p>Tables go to a fresh directory under {@code -Dalbis.jmh.dir} (default: the JVM's temp
 * directory); point it at {@code /dev/shm} to keep them off the disk entirely.
 */
public final class SyntheticData {
    /** Average length of the generated strings; lengths are 16..24. */
    public static final int STRING_MIN = 16;
    public static final int STRING_MAX = 24;
    /** Binary values are 1..1024 bytes long. */
    public static final int BINARY_MAX = 1024;
    /** Decimal(7,2) unscaled values lie in -9,999,999..9,999,999. */
    public static final int DECIMAL_PRECISION = 7;
    public static final int DECIMAL_SCALE = 2;
    private static final long DECIMAL_LIMIT = 9_999_999L;
    /** A store_sales value is null with probability NULL_PER_MILLE / 1000 (TPC-DS has about 4.5%). */
    public static final int NULL_PER_MILLE = 45;

    private SyntheticData() {}

    // ------------------------------------------------------------------ values

    /** A well-mixed 64-bit hash (the SplitMix64 finaliser). */
    public static long mix(long x) {
        x = (x ^ (x >>> 30)) * 0xBF58476D1CE4E5B9L;
        x = (x ^ (x >>> 27)) * 0x94D049BB133111EBL;
        return x ^ (x >>> 31);
    }

    /** The random word behind the value of {@code column} in {@code row}. */
    public static long word(long row, int column) {
        return mix(row * 0x9E3779B97F4A7C15L + column * 0xC2B2AE3D27D4EB4FL + 1);
    }

    public static int intValue(long row, int column) {
        return (int) word(row, column);
    }

    public static long longValue(long row, int column) {
        return word(row, column);
    }

    /** A double in [-500000, 500000). */
    public static double doubleValue(long row, int column) {
        return ((word(row, column) >>> 11) * 0x1.0p-53) * 1e6 - 5e5;
    }

    /** Unscaled value of a decimal(7,2). */
    public static long decimalUnscaled(long row, int column) {
        return Math.floorMod(word(row, column), 2 * DECIMAL_LIMIT + 1) - DECIMAL_LIMIT;
    }

    /** Length of the string in {@code row}: 16..24 bytes. */
    public static int stringLength(long row, int column) {
        return STRING_MIN + (int) Math.floorMod(word(row, column), (long) (STRING_MAX - STRING_MIN + 1));
    }

    /** Length of the binary in {@code row}: 1..1024 bytes. */
    public static int binaryLength(long row, int column) {
        return 1 + (int) Math.floorMod(word(row, column), (long) BINARY_MAX);
    }

    /** Fills {@code out[0..len)} with the row's string: lowercase ASCII letters. */
    public static void stringBytes(long row, int column, byte[] out, int len) {
        for (int k = 0; k < len; k++) {
            out[k] = (byte) ('a' + Math.floorMod(mix(word(row, column) + k), 26L));
        }
    }

    /** Fills {@code out[0..len)} with the row's binary value: 8 random bytes per hashed word. */
    public static void binaryBytes(long row, int column, byte[] out, int len) {
        long seed = word(row, column);
        for (int k = 0; k < len; k += 8) {
            long w = mix(seed + k);
            for (int b = 0; b < 8 && k + b < len; b++) {
                out[k + b] = (byte) (w >>> (8 * b));
            }
        }
    }

    /** Whether a nullable store_sales column is null in {@code row}. */
    public static boolean storeSalesNull(long row, int column) {
        return Math.floorMod(mix(word(row, column) ^ 0x5DEECE66DL), 1000L) < NULL_PER_MILLE;
    }

    // ------------------------------------------------------------------ tables

    /** A new empty directory for a benchmark's table. */
    public static Path newTableDir(String name) throws IOException {
        Path base = Path.of(System.getProperty("albis.jmh.dir", System.getProperty("java.io.tmpdir")));
        Files.createDirectories(base);
        return Files.createTempDirectory(base, "albis-jmh-" + name + "-");
    }

    /** Deletes a directory made by {@link #newTableDir} with everything in it. */
    public static void delete(Path dir) throws IOException {
        if (dir != null) {
            LocalStorage.INSTANCE.delete(dir.toString());
        }
    }

    /** The types of {@code RowDecodeBenchmark}, by their parameter names. */
    public static DataType singleColumnType(String type) {
        return switch (type) {
            case "int" -> DataType.INT;
            case "long" -> DataType.LONG;
            case "double" -> DataType.DOUBLE;
            case "decimal" -> DataType.decimal(DECIMAL_PRECISION, DECIMAL_SCALE);
            case "string" -> DataType.STRING;
            case "binary" -> DataType.BINARY;
            default -> throw new IllegalArgumentException("unknown type " + type
                    + "; expected int, long, double, decimal, string or binary");
        };
    }

    /** A table of one non-null column {@code v} of {@code type}, values from column 0 of this class. */
    public static void writeSingleColumn(Path dir, String type, long rows) throws IOException {
        Schema schema = Schema.builder().column("v", singleColumnType(type), false).build();
        byte[] scratch = new byte[BINARY_MAX];
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, dir.toString(), schema, WriterOptions.defaults())) {
            for (long r = 0; r < rows; r++) {
                switch (type) {
                    case "int" -> w.setInt(0, intValue(r, 0));
                    case "long" -> w.setLong(0, longValue(r, 0));
                    case "double" -> w.setDouble(0, doubleValue(r, 0));
                    case "decimal" -> w.setDecimalUnscaled(0, decimalUnscaled(r, 0));
                    case "string" -> {
                        int len = stringLength(r, 0);
                        stringBytes(r, 0, scratch, len);
                        w.setUtf8(0, scratch, 0, len);
                    }
                    case "binary" -> {
                        int len = binaryLength(r, 0);
                        binaryBytes(r, 0, scratch, len);
                        w.setBinary(0, scratch, 0, len);
                    }
                    default -> throw new IllegalArgumentException("unknown type " + type);
                }
                w.nextRow();
            }
        }
    }

    /** Column names of the store_sales-shaped table, in TPC-DS order. */
    public static final String[] STORE_SALES_COLUMNS = {
        "ss_sold_date_sk", "ss_sold_time_sk", "ss_item_sk", "ss_customer_sk", "ss_cdemo_sk", "ss_hdemo_sk",
        "ss_addr_sk", "ss_store_sk", "ss_promo_sk", "ss_ticket_number", "ss_quantity", "ss_wholesale_cost",
        "ss_list_price", "ss_sales_price", "ss_ext_discount_amt", "ss_ext_sales_price", "ss_ext_wholesale_cost",
        "ss_ext_list_price", "ss_ext_tax", "ss_coupon_amt", "ss_net_paid", "ss_net_paid_inc_tax", "ss_net_profit",
    };
    /** Index of the one long column (ss_ticket_number); columns before it and ss_quantity are ints, the rest decimals. */
    public static final int STORE_SALES_LONG = 9;
    public static final int STORE_SALES_QUANTITY = 10;
    /** The key columns TPC-DS never leaves null. */
    public static final int STORE_SALES_ITEM = 2;

    public static DataType storeSalesType(int column) {
        if (column == STORE_SALES_LONG) {
            return DataType.LONG;
        }
        return column <= STORE_SALES_QUANTITY ? DataType.INT : DataType.decimal(DECIMAL_PRECISION, DECIMAL_SCALE);
    }

    public static boolean storeSalesNullable(int column) {
        return column != STORE_SALES_ITEM && column != STORE_SALES_LONG;
    }

    /** Whether a store_sales column is null in {@code row} (never for the key columns). */
    public static boolean storeSalesIsNull(long row, int column) {
        return storeSalesNullable(column) && storeSalesNull(row, column);
    }

    /** The int, long or unscaled decimal value of a store_sales column, widened to long (ignore it when null). */
    public static long storeSalesValue(long row, int column) {
        if (column == STORE_SALES_LONG) {
            return longValue(row, column) >>> 24; // ticket numbers are positive
        }
        if (column <= STORE_SALES_QUANTITY) {
            return intValue(row, column) >>> 8; // surrogate keys are positive ints
        }
        return decimalUnscaled(row, column);
    }

    public static Schema storeSalesSchema() {
        Schema.Builder b = Schema.builder();
        for (int c = 0; c < STORE_SALES_COLUMNS.length; c++) {
            b.column(STORE_SALES_COLUMNS[c], storeSalesType(c), storeSalesNullable(c));
        }
        return b.build();
    }

    /**
     * A store_sales-shaped table (10 int, 1 long, 12 decimal(7,2) columns in one column group,
     * about 4.5% nulls): the shape of the paper's table with synthetic values.
     */
    public static void writeStoreSales(Path dir, long rows) throws IOException {
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, dir.toString(), storeSalesSchema(),
                WriterOptions.defaults())) {
            for (long r = 0; r < rows; r++) {
                for (int c = 0; c < STORE_SALES_COLUMNS.length; c++) {
                    if (storeSalesIsNull(r, c)) {
                        w.setNull(c);
                    } else if (c == STORE_SALES_LONG) {
                        w.setLong(c, storeSalesValue(r, c));
                    } else if (c <= STORE_SALES_QUANTITY) {
                        w.setInt(c, (int) storeSalesValue(r, c));
                    } else {
                        w.setDecimalUnscaled(c, storeSalesValue(r, c));
                    }
                }
                w.nextRow();
            }
        }
    }

    /** Rows per segment of a group of fixed-width rows of {@code rowLength} bytes (rows never span segments). */
    public static long rowsPerSegment(int segmentSize, int rowLength) {
        return segmentSize / rowLength;
    }

    /** Values of the filter table: {@code a} is the row number, {@code b} is 0..999 and sometimes null. */
    public static int filterA(long row) {
        return (int) row;
    }

    public static int filterB(long row) {
        return (int) Math.floorMod(word(row, 1), 1000L);
    }

    public static boolean filterBIsNull(long row) {
        return Math.floorMod(word(row, 2), 100L) < 5;
    }

    /** Segment size of the filter table: small, so pruning has many segments to decide on. */
    public static final int FILTER_SEGMENT_SIZE = 64 << 10;

    /** Two int columns, {@code a} (not null, ascending) and {@code b} (nullable, random), in 64 KiB segments. */
    public static void writeFilterTable(Path dir, long rows) throws IOException {
        Schema schema = Schema.builder().column("a", DataType.INT, false).column("b", DataType.INT, true).build();
        WriterOptions options = WriterOptions.defaults().withSegmentSize(FILTER_SEGMENT_SIZE);
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, dir.toString(), schema, options)) {
            for (long r = 0; r < rows; r++) {
                w.setInt(0, filterA(r));
                if (filterBIsNull(r)) {
                    w.setNull(1);
                } else {
                    w.setInt(1, filterB(r));
                }
                w.nextRow();
            }
        }
    }

    /** One non-null long column {@code v} (9-byte rows) in segments of {@code segmentSize}, one row group. */
    public static void writeLongTable(Path dir, long rows, int segmentSize) throws IOException {
        Schema schema = Schema.builder().column("v", DataType.LONG, false).build();
        WriterOptions options = WriterOptions.defaults().withSegmentSize(segmentSize).withRowGroupBytes(Long.MAX_VALUE);
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, dir.toString(), schema, options)) {
            for (long r = 0; r < rows; r++) {
                w.setLong(0, longValue(r, 0));
                w.nextRow();
            }
        }
    }
}
