package io.albis.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import io.albis.read.AlbisRow;
import io.albis.schema.Column;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** Compares what a reader returns with the expected values, through getValue and every typed getter. */
public final class RowAssertions {
    private RowAssertions() {}

    /**
     * Exact equality of two values in getValue representation: byte arrays by content, floats and
     * doubles by {@code equals} (so -0.0 differs from 0.0 and NaN equals NaN), decimals with scale.
     */
    public static boolean sameValue(Object expected, Object actual) {
        if (expected instanceof byte[] e) {
            return actual instanceof byte[] a && Arrays.equals(e, a);
        }
        if (expected instanceof java.util.List<?> e && actual instanceof java.util.List<?> a) {
            if (e.size() != a.size()) {
                return false;
            }
            for (int i = 0; i < e.size(); i++) {
                if (!sameValue(e.get(i), a.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (expected instanceof java.util.Map<?, ?> e && actual instanceof java.util.Map<?, ?> a) {
            // Keys compare by equals (byte[] keys would need more; no test uses them as expected values).
            return e.size() == a.size() && e.entrySet().stream()
                    .allMatch(x -> a.containsKey(x.getKey()) && sameValue(x.getValue(), a.get(x.getKey())));
        }
        return java.util.Objects.equals(expected, actual);
    }

    /** True when {@code got} holds exactly the rows of {@code want} (values by column), value for value. */
    public static boolean sameRows(List<Object[]> want, List<Object[]> got) {
        if (want.size() != got.size()) {
            return false;
        }
        for (int r = 0; r < want.size(); r++) {
            Object[] w = want.get(r);
            Object[] g = got.get(r);
            if (w.length != g.length) {
                return false;
            }
            for (int c = 0; c < w.length; c++) {
                if (!sameValue(w[c], g[c])) {
                    return false;
                }
            }
        }
        return true;
    }

    public static String render(Object v) {
        if (v instanceof byte[] b) {
            return b.length > 40 ? "byte[" + b.length + "]" : "0x" + java.util.HexFormat.of().formatHex(b);
        }
        if (v instanceof String s && s.length() > 60) {
            return "string of " + s.length() + " chars starting " + s.substring(0, 20);
        }
        return v == null ? "null" : v + " (" + v.getClass().getSimpleName() + ")";
    }

    public static void assertSameValue(Object expected, Object actual, String context) {
        if (!sameValue(expected, actual)) {
            fail(context + ": expected " + render(expected) + " but read " + render(actual));
        }
    }

    /**
     * Checks the reader's current row against {@code expected} (indexed by schema column) for the
     * reader columns {@code columns} (schema column of each reader column, in reader order).
     */
    public static void assertRow(AlbisRow row, Schema schema, int[] columns, Object[] expected, String context) {
        assertEquals(columns.length, row.columnCount(), context + ": column count");
        for (int i = 0; i < columns.length; i++) {
            Column col = schema.column(columns[i]);
            Object e = expected[columns[i]];
            String where = context + ", column " + col.name() + " (" + col.type() + ")";
            assertEquals(e == null, row.isNull(i), where + ": isNull");
            assertSameValue(e, row.getValue(i), where + ": getValue");
            if (e == null) {
                assertTypedGettersOfNull(row, i, col.type(), where);
            } else {
                assertTypedGetters(row, i, col.type(), e, where);
            }
        }
    }

    private static void assertTypedGetters(AlbisRow row, int i, DataType t, Object e, String where) {
        switch (t.id()) {
            case BOOLEAN -> assertEquals(e, row.getBoolean(i), where);
            case BYTE -> assertEquals(e, row.getByte(i), where);
            case SHORT -> assertEquals(e, row.getShort(i), where);
            case INT -> assertEquals(e, row.getInt(i), where);
            case LONG -> assertEquals(e, row.getLong(i), where);
            case FLOAT -> assertSameValue(e, row.getFloat(i), where + ": getFloat");
            case LIST -> assertSameValue(e, row.getList(i).toJava(), where + ": getList");
            case MAP -> assertSameValue(e, row.getMap(i).toJava(), where + ": getMap");
            case DOUBLE -> assertSameValue(e, row.getDouble(i), where + ": getDouble");
            case DECIMAL -> {
                BigDecimal d = (BigDecimal) e;
                assertSameValue(d, row.getDecimal(i), where + ": getDecimal");
                BigInteger unscaled = d.unscaledValue();
                if (unscaled.bitLength() < 64) {
                    assertEquals(unscaled.longValueExact(), row.getDecimalUnscaled(i), where + ": getDecimalUnscaled");
                } else {
                    assertThrows(ArithmeticException.class, () -> row.getDecimalUnscaled(i), where);
                }
            }
            case DATE -> assertEquals(((LocalDate) e).toEpochDay(), row.getDate(i), where + ": getDate");
            case TIMESTAMP -> assertEquals(RowWriting.micros((Instant) e), row.getTimestampMicros(i),
                    where + ": getTimestampMicros");
            case STRING -> {
                assertEquals(e, row.getString(i), where + ": getString");
                assertBytes(row, i, ((String) e).getBytes(StandardCharsets.UTF_8), where);
            }
            case BINARY -> {
                assertArrayEquals((byte[]) e, row.getBinary(i), where + ": getBinary");
                assertBytes(row, i, (byte[]) e, where);
            }
            case STRUCT -> assertEquals(Boolean.TRUE, e, where);
        }
    }

    private static void assertBytes(AlbisRow row, int i, byte[] expected, String where) {
        assertEquals(expected.length, row.getBytesLength(i), where + ": getBytesLength");
        byte[] dst = new byte[expected.length + 3];
        assertEquals(expected.length, row.copyBytes(i, dst, 3), where + ": copyBytes length");
        assertArrayEquals(expected, Arrays.copyOfRange(dst, 3, dst.length), where + ": copyBytes");
    }

    /** Typed getters of a null value return 0, false or null (null slots are zero-filled). */
    private static void assertTypedGettersOfNull(AlbisRow row, int i, DataType t, String where) {
        switch (t.id()) {
            case BOOLEAN -> assertFalse(row.getBoolean(i), where);
            case BYTE -> assertEquals(0, row.getByte(i), where);
            case SHORT -> assertEquals(0, row.getShort(i), where);
            case INT, DATE -> assertEquals(0, row.getInt(i), where);
            case LONG, TIMESTAMP, TIMESTAMP_NTZ -> assertEquals(0L, row.getLong(i), where);
            case LIST -> assertNull(row.getList(i), where);
            case MAP -> assertNull(row.getMap(i), where);
            case FLOAT -> assertEquals(0, Float.floatToRawIntBits(row.getFloat(i)), where);
            case DOUBLE -> assertEquals(0L, Double.doubleToRawLongBits(row.getDouble(i)), where);
            case DECIMAL -> {
                assertNull(row.getDecimal(i), where);
                assertEquals(0L, row.getDecimalUnscaled(i), where);
            }
            case STRING -> {
                assertNull(row.getString(i), where);
                assertEquals(0, row.getBytesLength(i), where);
            }
            case BINARY -> {
                assertNull(row.getBinary(i), where);
                assertEquals(0, row.getBytesLength(i), where);
            }
            case STRUCT -> { }
        }
    }

    /** Deep comparison of nested maps (as toNestedMap returns) with byte arrays and key order checked. */
    public static void assertNestedEquals(Map<?, Object> expected, Map<?, Object> actual, String context) {
        List<Object> ek = List.copyOf(expected.keySet());
        List<Object> ak = List.copyOf(actual.keySet());
        assertEquals(ek, ak, context + ": keys");
        Iterator<Object> it = ek.iterator();
        while (it.hasNext()) {
            Object k = it.next();
            Object e = expected.get(k);
            Object a = actual.get(k);
            if (e instanceof Map<?, ?> em) {
                if (!(a instanceof Map<?, ?> am)) {
                    fail(context + "." + k + ": expected a struct but read " + render(a));
                    return;
                }
                @SuppressWarnings("unchecked")
                Map<?, Object> emc = (Map<?, Object>) em;
                @SuppressWarnings("unchecked")
                Map<?, Object> amc = (Map<?, Object>) am;
                assertNestedEquals(emc, amc, context + "." + k);
            } else {
                assertSameValue(e, a, context + "." + k);
            }
        }
    }
}
