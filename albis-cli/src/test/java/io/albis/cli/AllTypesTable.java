package io.albis.cli;

import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A table with every type, nulls everywhere they are allowed, a nullable struct holding a
 * nullable struct, NaN and infinities, non-ASCII text and CSV-hostile strings. The rows are
 * kept as Java values so tests can compare what the tools print against them.
 */
final class AllTypesTable {
    static final List<String> LEAVES = List.of("b", "i8", "i16", "i32", "i64", "f32", "f64", "dec", "wide", "d", "ts", "s",
            "bin", "st.x", "st.inner.y", "st.inner.z", "req");

    /** One row; a null struct is {@code stNull}, a null inner struct {@code innerNull}. */
    record Row(Boolean b, Byte i8, Short i16, Integer i32, Long i64, Float f32, Double f64, BigDecimal dec,
            BigDecimal wide, LocalDate d, Instant ts, String s, byte[] bin, boolean stNull, Integer x, boolean innerNull,
            String y, Double z, int req) {}

    static Schema schema() {
        return Schema.builder()
                .column("b", DataType.BOOLEAN)
                .column("i8", DataType.BYTE)
                .column("i16", DataType.SHORT)
                .column("i32", DataType.INT)
                .column("i64", DataType.LONG)
                .column("f32", DataType.FLOAT)
                .column("f64", DataType.DOUBLE)
                .column("dec", DataType.decimal(9, 3))
                .column("wide", DataType.decimal(30, 5))
                .column("d", DataType.DATE)
                .column("ts", DataType.TIMESTAMP)
                .column("s", DataType.STRING)
                .column("bin", DataType.BINARY)
                .field(Field.of("st", DataType.struct(
                        Field.of("x", DataType.INT),
                        Field.of("inner", DataType.struct(Field.of("y", DataType.STRING), Field.of("z", DataType.DOUBLE))))))
                .column("req", DataType.INT, false)
                .build();
    }

    static List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        rows.add(new Row(true, (byte) -128, (short) 32767, Integer.MIN_VALUE, Long.MAX_VALUE, 1.1f, 0.1, new BigDecimal("-123456.789"),
                new BigDecimal("1234567890123456789012345.12345"), LocalDate.of(2020, 1, 2),
                Instant.parse("2020-01-02T03:04:05.000006Z"), "héllo \"wörld\", ☃ 𝄞", new byte[] {0, 1, 2, (byte) 255},
                false, 7, false, "a,b\r\nc", Double.NaN, 1));
        rows.add(new Row(null, null, null, null, null, null, null, null, null, null, null, null, null, true, null, false, null,
                null, 2));
        rows.add(new Row(false, (byte) 127, (short) -32768, Integer.MAX_VALUE, Long.MIN_VALUE, Float.NaN,
                Double.NEGATIVE_INFINITY, new BigDecimal("0.001"), new BigDecimal("-99999999999999999999999.99999"),
                LocalDate.of(1969, 12, 31), Instant.parse("1969-12-31T23:59:59.999999Z"), "", new byte[0], false, null, true,
                null, null, 3));
        rows.add(new Row(true, (byte) 0, (short) 0, 0, 0L, Float.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
                new BigDecimal("999999.999"), BigDecimal.ZERO.setScale(5), LocalDate.of(1, 1, 1),
                Instant.parse("2000-02-29T00:00:00Z"), "'quoted' and \"double\"\nline", new byte[] {'"', ',', '\n'}, false,
                -1, false, "日本語", -0.0, 4));
        rows.add(new Row(false, (byte) 1, (short) 2, 3, 4L, Float.NEGATIVE_INFINITY, 1e300, new BigDecimal("-0.500"),
                new BigDecimal("0.00001"), LocalDate.of(9999, 12, 31), Instant.parse("0001-01-01T00:00:00.000001Z"), " padded ",
                new byte[] {(byte) 0xfe}, false, Integer.MAX_VALUE, false, null, 4.9e-324, 5));
        Random r = new Random(42);
        for (int i = 0; i < 200; i++) {
            boolean stNull = r.nextInt(5) == 0;
            byte[] bin = new byte[r.nextInt(20)];
            r.nextBytes(bin);
            rows.add(new Row(maybe(r, r.nextBoolean()), maybe(r, (byte) r.nextInt()), maybe(r, (short) r.nextInt()),
                    maybe(r, r.nextInt()), maybe(r, r.nextLong()), maybe(r, r.nextFloat() * 1000 - 500),
                    maybe(r, r.nextGaussian() * 1e6), maybe(r, BigDecimal.valueOf(r.nextInt(1_999_999_999) - 999_999_999L, 3)),
                    maybe(r, new BigDecimal(new java.math.BigInteger(90, r), 5)),
                    maybe(r, LocalDate.ofEpochDay(r.nextInt(200_000) - 100_000)),
                    maybe(r, Instant.EPOCH.plus(r.nextLong() % 4_000_000_000_000_000L, java.time.temporal.ChronoUnit.MICROS)),
                    maybe(r, randomText(r)), maybe(r, bin), stNull, stNull ? null : maybe(r, r.nextInt()), r.nextInt(4) == 0,
                    maybe(r, randomText(r)), maybe(r, r.nextDouble()), r.nextInt()));
        }
        return rows;
    }

    private static <T> T maybe(Random r, T v) {
        return r.nextInt(6) == 0 ? null : v;
    }

    private static String randomText(Random r) {
        String alphabet = "abcxyz ,\"'\n\r;é☃日𝄞";
        StringBuilder sb = new StringBuilder();
        int n = r.nextInt(12);
        while (sb.length() < n) {
            sb.appendCodePoint(alphabet.codePointAt(alphabet.offsetByCodePoints(0, r.nextInt(alphabet.codePointCount(0,
                    alphabet.length())))));
        }
        return sb.toString();
    }

    static long micros(Instant i) {
        return Math.addExact(Math.multiplyExact(i.getEpochSecond(), 1_000_000L), i.getNano() / 1000);
    }

    /** Writes the rows with small segments and row groups, so the reads cross both. */
    /** Writes every row of {@link #rows()} as a new table {@code name} in {@code dir}; returns its path. */
    static String write(Path dir, String name) throws IOException {
        String path = dir.resolve(name).toString();
        write(path, rows());
        return path;
    }

    static void write(String path, List<Row> rows) throws IOException {
        Schema schema = schema();
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, path, schema,
                WriterOptions.defaults().withSegmentSize(512).withRowGroupRows(64))) {
            for (Row row : rows) {
                w.setValue(schema.columnIndex("b"), row.b());
                w.setValue(schema.columnIndex("i8"), row.i8());
                w.setValue(schema.columnIndex("i16"), row.i16());
                w.setValue(schema.columnIndex("i32"), row.i32());
                w.setValue(schema.columnIndex("i64"), row.i64());
                w.setValue(schema.columnIndex("f32"), row.f32());
                w.setValue(schema.columnIndex("f64"), row.f64());
                w.setValue(schema.columnIndex("dec"), row.dec());
                w.setValue(schema.columnIndex("wide"), row.wide());
                w.setValue(schema.columnIndex("d"), row.d());
                if (row.ts() != null) {
                    // Not setValue(Instant): the core writer converts through nanoseconds and refuses years before 1678.
                    w.setTimestampMicros(schema.columnIndex("ts"), micros(row.ts()));
                }
                w.setValue(schema.columnIndex("s"), row.s());
                w.setValue(schema.columnIndex("bin"), row.bin());
                if (row.stNull()) {
                    w.setNull(schema.columnIndex("st"));
                } else {
                    w.setValue(schema.columnIndex("st.x"), row.x());
                    if (row.innerNull()) {
                        w.setNull(schema.columnIndex("st.inner"));
                    } else {
                        w.setValue(schema.columnIndex("st.inner.y"), row.y());
                        w.setValue(schema.columnIndex("st.inner.z"), row.z());
                    }
                }
                w.setInt(schema.columnIndex("req"), row.req());
                w.nextRow();
            }
        }
    }
}
