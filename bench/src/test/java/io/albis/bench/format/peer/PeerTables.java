package io.albis.bench.format.peer;

import io.albis.bench.format.ReadSpec;
import io.albis.filter.Predicates;
import io.albis.read.ReadOptions;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Random;

/**
 * Small Albis tables for the peer adapters' tests: the benchmark's types (int, long, double,
 * decimal(7,2) like store_sales, binary of 1..1024 bytes, strings) plus every other flat type,
 * nulls in every nullable column, and a sorted id so filters can skip pages and row groups.
 */
public final class PeerTables {
    /** Text mixing 1- to 4-byte UTF-8 sequences. */
    private static final String[] TEXT = {"a", "Z", "é", "ß", "中", "€", "😀", "𝄞", " ", "0"};

    private PeerTables() {
    }

    public static Schema schema() {
        return Schema.builder()
                .column("id", DataType.LONG, false)
                .column("i", DataType.INT)
                .column("l", DataType.LONG)
                .column("d", DataType.DOUBLE)
                .column("price", DataType.decimal(7, 2))
                .column("bin", DataType.BINARY)
                .column("s", DataType.STRING)
                .column("b", DataType.BOOLEAN)
                .column("y", DataType.BYTE)
                .column("sh", DataType.SHORT)
                .column("f", DataType.FLOAT)
                .column("dt", DataType.DATE)
                .column("ts", DataType.TIMESTAMP)
                .column("d18", DataType.decimal(18, 3))
                .column("wide", DataType.decimal(30, 5))
                .column("req_i", DataType.INT, false)
                .build();
    }

    /** Writes {@code rows} seeded random rows, a row group every {@code rowGroupRows} rows, and opens the table. */
    public static AlbisTable write(Path path, int rows, long rowGroupRows, long seed) throws IOException {
        return write(path, schema(), rows, rowGroupRows, seed, (w, r) -> {
            if (nonNull(r)) {
                w.setLong(2, r.nextInt(4) == 0 ? (r.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE) : r.nextLong());
            }
            if (nonNull(r)) {
                w.setDouble(3, r.nextInt(20) == 0 ? Double.NaN : r.nextGaussian() * 1e6);
            }
            if (nonNull(r)) {
                w.setDecimalUnscaled(4, r.nextInt(19_999_999) - 9_999_999L);
            }
            if (nonNull(r)) {
                byte[] b = new byte[1 + r.nextInt(1024)];
                r.nextBytes(b);
                w.setBinary(5, b);
            }
            if (nonNull(r)) {
                byte[] t = text(r);
                w.setUtf8(6, t, 0, t.length);
            }
            if (nonNull(r)) {
                w.setBoolean(7, r.nextBoolean());
            }
            if (nonNull(r)) {
                w.setByte(8, (byte) r.nextInt());
            }
            if (nonNull(r)) {
                w.setShort(9, (short) r.nextInt());
            }
            if (nonNull(r)) {
                w.setFloat(10, r.nextInt(20) == 0 ? Float.NaN : (float) r.nextGaussian() * 1000);
            }
            if (nonNull(r)) {
                w.setDate(11, r.nextInt(200_000) - 100_000);
            }
            if (nonNull(r)) {
                // Microseconds on both sides of the epoch, outside the last second before it (ORC cannot hold those).
                long micros = r.nextLong() % 4_000_000_000_000_000L;
                w.setTimestampMicros(12, micros < 0 && micros > -1_000_000 ? micros - 1_000_000 : micros);
            }
            if (nonNull(r)) {
                w.setDecimalUnscaled(13, r.nextLong() % 1_000_000_000_000_000_000L);
            }
            if (nonNull(r)) {
                BigInteger unscaled = new BigInteger(96, r);
                w.setDecimal(14, new BigDecimal(r.nextBoolean() ? unscaled.negate() : unscaled, 5));
            }
            w.setInt(15, r.nextInt(1000));
        });
    }

    /**
     * The nested table: a sorted id and a nullable int for filters, {@code ints list<int>},
     * {@code counts map<string, long>}, {@code names list<string not null>} (a column that is never
     * null) and {@code codes map<long, int not null>}: nulls at every level where the type allows
     * them, empty lists and maps, and now and then more than 64 elements (a second word of null bits).
     */
    public static Schema nestedSchema() {
        return Schema.builder()
                .column("id", DataType.LONG, false)
                .column("i", DataType.INT)
                .column("ints", DataType.list(DataType.INT, true))
                .column("counts", DataType.map(DataType.STRING, DataType.LONG, true))
                .column("names", DataType.list(DataType.STRING, false), false)
                .column("codes", DataType.map(DataType.LONG, DataType.INT, false))
                .build();
    }

    /** Writes {@code rows} seeded random rows of {@link #nestedSchema()}, a row group every {@code rowGroupRows} rows. */
    public static AlbisTable writeNested(Path path, int rows, long rowGroupRows, long seed) throws IOException {
        return write(path, nestedSchema(), rows, rowGroupRows, seed, (w, r) -> {
            if (nonNull(r)) {
                java.util.List<Integer> ints = new java.util.ArrayList<>();
                for (int k = length(r); k > 0; k--) {
                    ints.add(nonNull(r) ? extremeInt(r) : null);
                }
                w.setList(2, ints);
            }
            if (nonNull(r)) {
                java.util.Map<String, Long> counts = new java.util.LinkedHashMap<>();
                for (int k = length(r); k > 0; k--) {
                    counts.put(new String(text(r), StandardCharsets.UTF_8) + k, nonNull(r) ? r.nextLong() : null);
                }
                w.setMap(3, counts);
            }
            java.util.List<String> names = new java.util.ArrayList<>();
            for (int k = length(r); k > 0; k--) {
                names.add(new String(text(r), StandardCharsets.UTF_8));
            }
            w.setList(4, names);
            if (nonNull(r)) {
                java.util.Map<Long, Integer> codes = new java.util.LinkedHashMap<>();
                for (int k = length(r); k > 0; k--) {
                    codes.put(r.nextLong(), r.nextInt());
                }
                w.setMap(5, codes);
            }
        });
    }

    /** Sets the values of one row after the first two columns. */
    @FunctionalInterface
    private interface RestOfRow {
        void set(AlbisWriter w, Random r) throws IOException;
    }

    /**
     * Writes {@code rows} seeded random rows of {@code schema}, a row group every {@code rowGroupRows}
     * rows: the row number in column 0 (a sorted id for filters), a nullable int in column 1, the
     * rest by {@code rest}; then opens the table.
     */
    private static AlbisTable write(Path path, Schema schema, int rows, long rowGroupRows, long seed, RestOfRow rest)
            throws IOException {
        Random r = new Random(seed);
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, path.toString(), schema,
                WriterOptions.defaults().withSegmentSize(64 << 10).withRowGroupRows(rowGroupRows))) {
            for (int row = 0; row < rows; row++) {
                w.setLong(0, row);
                if (nonNull(r)) {
                    w.setInt(1, extremeInt(r));
                }
                rest.set(w, r);
                w.nextRow();
            }
        }
        return AlbisTable.open(path.toString());
    }

    /** Elements of a list or map: mostly a few, now and then none or more than 64. */
    private static int length(Random r) {
        return switch (r.nextInt(12)) {
            case 0 -> 0;
            case 1 -> 65 + r.nextInt(70);
            default -> 1 + r.nextInt(6);
        };
    }

    private static boolean nonNull(Random r) {
        return r.nextInt(5) != 0;
    }

    private static int extremeInt(Random r) {
        return switch (r.nextInt(10)) {
            case 0 -> Integer.MIN_VALUE;
            case 1 -> Integer.MAX_VALUE;
            default -> r.nextInt(2_000_001) - 1_000_000;
        };
    }

    private static byte[] text(Random r) {
        StringBuilder sb = new StringBuilder();
        int n = r.nextInt(40);
        for (int i = 0; i < n; i++) {
            sb.append(TEXT[r.nextInt(TEXT.length)]);
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The Albis read options for a spec: the same projection and the filter, {@code column <= max} or {@code column IN keys}. */
    public static ReadOptions options(ReadSpec spec) {
        ReadOptions o = ReadOptions.all();
        if (spec.columns() != null) {
            o = o.withColumns(spec.columns());
        }
        if (spec.hasKeyFilter()) {
            o = o.withFilter(Predicates.in(spec.filterColumn(), spec.filterKeys()));
        } else if (spec.hasFilter()) {
            o = o.withFilter(Predicates.le(spec.filterColumn(), spec.filterMax()));
        }
        return o;
    }
}
