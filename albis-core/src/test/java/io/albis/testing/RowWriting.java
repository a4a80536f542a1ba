package io.albis.testing;

import io.albis.schema.Column;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.write.AlbisWriter;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Writes expected rows through an {@link AlbisWriter}, choosing at random for every value between
 * {@code setValue} (with each Java type it accepts) and the typed setters, setting columns in a
 * random order, sometimes leaving nulls unset, sometimes overwriting a value set earlier in the
 * same row, and sometimes giving values to columns below a null struct (which must read as null).
 */
public final class RowWriting {
    private RowWriting() {}

    public static void writeAll(AlbisWriter w, ExpectedTable table, Random random) throws IOException {
        for (int r = 0; r < table.rowCount(); r++) {
            writeRow(w, table, r, random);
        }
    }

    public static void writeRow(AlbisWriter w, ExpectedTable table, int r, Random random) throws IOException {
        Schema schema = table.schema();
        Object[] row = table.rows().get(r);
        List<Integer> order = new ArrayList<>();
        for (int c = 0; c < schema.columnCount(); c++) {
            order.add(c);
        }
        Collections.shuffle(order, random);
        for (int c : order) {
            Column col = schema.column(c);
            Object v = row[c];
            if (table.isBelowNullStruct(r, c)) {
                // The struct is null: whatever is set here must not show.
                switch (random.nextInt(3)) {
                    case 0 -> { }
                    case 1 -> {
                        if (col.nullable()) {
                            w.setNull(c);
                        }
                    }
                    default -> {
                        if (!col.isStructMarker()) {
                            setSomeValue(w, c, col.type(), random);
                        }
                    }
                }
                continue;
            }
            if (v == null) {
                if (col.isStructMarker() || random.nextBoolean()) {
                    if (!col.isStructMarker() && random.nextInt(4) == 0) {
                        setSomeValue(w, c, col.type(), random); // overwritten by the null below
                    }
                    w.setNull(c);
                }
                continue;
            }
            if (col.isStructMarker()) {
                if (random.nextBoolean()) {
                    w.setValue(c, Boolean.TRUE);
                }
                continue;
            }
            if (random.nextInt(6) == 0) {
                // Last write wins: an earlier value or null in the same row is replaced.
                if (col.nullable() && random.nextBoolean()) {
                    w.setNull(c);
                } else {
                    setSomeValue(w, c, col.type(), random);
                }
            }
            setValue(w, c, col.type(), v, random);
        }
        w.nextRow();
    }

    /** Sets a valid value that is not the expected one (to be overwritten or ignored). */
    private static void setSomeValue(AlbisWriter w, int c, DataType t, Random random) throws IOException {
        Object v = switch (t.id()) {
            case BOOLEAN -> Boolean.TRUE;
            case BYTE -> (byte) 7;
            case SHORT -> (short) 7;
            case INT -> 7;
            case LONG -> 7L;
            case FLOAT -> 7f;
            case DOUBLE -> 7d;
            case DECIMAL -> BigDecimal.ZERO.setScale(t.scale());
            case DATE -> LocalDate.ofEpochDay(7);
            case TIMESTAMP -> Instant.ofEpochSecond(7);
            case TIMESTAMP_NTZ -> java.time.LocalDateTime.of(2000, 1, 1, 7, 7);
            case STRING -> "a much longer placeholder string than most values";
            case BINARY -> new byte[] {7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7};
            case LIST, MAP -> new RandomTables(7).randomValue(t, RandomTables.DataProfile.typical());
            case STRUCT -> throw new IllegalArgumentException();
        };
        setValue(w, c, t, v, random);
    }

    /** Sets {@code v} (in getValue representation) with a randomly chosen setter. */
    public static void setValue(AlbisWriter w, int c, DataType t, Object v, Random random) throws IOException {
        boolean typed = random.nextBoolean();
        switch (t.id()) {
            case BOOLEAN -> {
                if (typed) {
                    w.setBoolean(c, (Boolean) v);
                } else {
                    w.setValue(c, v);
                }
            }
            case BYTE -> {
                byte b = (Byte) v;
                switch (random.nextInt(3)) {
                    case 0 -> w.setByte(c, b);
                    case 1 -> w.setValue(c, b);
                    default -> w.setValue(c, (int) b);
                }
            }
            case SHORT -> {
                short s = (Short) v;
                switch (random.nextInt(3)) {
                    case 0 -> w.setShort(c, s);
                    case 1 -> w.setValue(c, s);
                    default -> w.setValue(c, (long) s);
                }
            }
            case INT -> {
                int i = (Integer) v;
                switch (random.nextInt(3)) {
                    case 0 -> w.setInt(c, i);
                    case 1 -> w.setValue(c, i);
                    default -> w.setValue(c, (long) i);
                }
            }
            case LONG -> {
                if (typed) {
                    w.setLong(c, (Long) v);
                } else {
                    w.setValue(c, v);
                }
            }
            case FLOAT -> {
                if (typed) {
                    w.setFloat(c, (Float) v);
                } else {
                    w.setValue(c, v);
                }
            }
            case DOUBLE -> {
                if (typed) {
                    w.setDouble(c, (Double) v);
                } else {
                    w.setValue(c, v);
                }
            }
            case DECIMAL -> {
                BigDecimal d = (BigDecimal) v;
                BigInteger unscaled = d.unscaledValue();
                int choice = random.nextInt(4);
                if (choice == 0 && unscaled.bitLength() < 64) {
                    w.setDecimalUnscaled(c, unscaled.longValueExact());
                } else if (choice == 1) {
                    w.setDecimal(c, d);
                } else if (choice == 2 && d.stripTrailingZeros().scale() <= 0 && d.abs().compareTo(
                        BigDecimal.valueOf(Long.MAX_VALUE)) <= 0) {
                    w.setValue(c, d.longValueExact()); // an integral value given as a Long
                } else {
                    // the same value with fewer trailing zeros: the writer rescales exactly
                    BigDecimal shorter = d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
                    w.setValue(c, shorter);
                }
            }
            case DATE -> {
                LocalDate d = (LocalDate) v;
                switch (random.nextInt(3)) {
                    case 0 -> w.setDate(c, Math.toIntExact(d.toEpochDay()));
                    case 1 -> w.setValue(c, d);
                    default -> w.setValue(c, Math.toIntExact(d.toEpochDay()));
                }
            }
            case TIMESTAMP -> {
                Instant i = (Instant) v;
                long micros = micros(i);
                switch (random.nextInt(4)) {
                    case 0 -> w.setTimestampMicros(c, micros);
                    case 1 -> w.setValue(c, i);
                    case 2 -> w.setValue(c, micros);
                    default -> {
                        w.setValue(c, LocalDateTime.ofInstant(i, ZoneOffset.UTC));
                    }
                }
            }
            case STRING -> {
                String s = (String) v;
                switch (random.nextInt(3)) {
                    case 0 -> w.setString(c, s);
                    case 1 -> w.setValue(c, s);
                    default -> {
                        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
                        byte[] padded = new byte[utf8.length + 5];
                        System.arraycopy(utf8, 0, padded, 3, utf8.length);
                        w.setUtf8(c, padded, 3, utf8.length);
                    }
                }
            }
            case BINARY -> {
                byte[] b = (byte[]) v;
                switch (random.nextInt(4)) {
                    case 0 -> w.setBinary(c, b.clone());
                    case 1 -> w.setValue(c, b.clone());
                    case 2 -> w.setValue(c, ByteBuffer.wrap(b.clone()));
                    default -> {
                        byte[] padded = new byte[b.length + 4];
                        System.arraycopy(b, 0, padded, 2, b.length);
                        w.setBinary(c, padded, 2, b.length);
                    }
                }
            }
            case TIMESTAMP_NTZ -> {
                java.time.LocalDateTime l = (java.time.LocalDateTime) v;
                long micros = micros(l.toInstant(java.time.ZoneOffset.UTC));
                switch (random.nextInt(3)) {
                    case 0 -> w.setTimestampMicros(c, micros);
                    case 1 -> w.setValue(c, l);
                    default -> w.setValue(c, micros);
                }
            }
            case LIST, MAP -> {
                switch (random.nextInt(3)) {
                    case 0 -> {
                        if (v instanceof java.util.List<?> list) {
                            w.setList(c, list);
                        } else {
                            w.setMap(c, (java.util.Map<?, ?>) v);
                        }
                    }
                    case 1 -> w.setValue(c, v);
                    default -> {
                        // As stored bytes, e.g. copied from another table, at an offset in a larger array.
                        io.albis.row.NestedValueEncoder e = new io.albis.row.NestedValueEncoder();
                        e.encode(t, v, "test value");
                        byte[] padded = new byte[e.length() + 3];
                        System.arraycopy(e.bytes(), 0, padded, 3, e.length());
                        w.setNestedBytes(c, padded, 3, e.length());
                    }
                }
            }
            case STRUCT -> w.setValue(c, Boolean.TRUE);
        }
    }

    /**
     * Microseconds since the epoch of an instant with microsecond precision. The long arithmetic
     * may wrap in between, but the result is exact whenever it fits a long (as every stored
     * timestamp does).
     */
    public static long micros(Instant i) {
        return i.getEpochSecond() * 1_000_000L + i.getNano() / 1000;
    }
}
