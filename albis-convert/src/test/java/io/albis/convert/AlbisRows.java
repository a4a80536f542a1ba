package io.albis.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.albis.read.AlbisReader;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An Albis table's rows as the tests compare them: nested maps of the values
 * {@code AlbisReader.toNestedMap} gives, binaries as lowercase hex, and equality that names the
 * first field that differs.
 */
public final class AlbisRows {
    private AlbisRows() {}

    /** The Albis reader's current row as nested maps, binary values as lowercase hex. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> actual(AlbisReader r) {
        return (Map<String, Object>) normalize(r.toNestedMap());
    }

    private static Object normalize(Object v) {
        if (v instanceof byte[] b) {
            return HexFormat.of().formatHex(b);
        }
        if (v instanceof Map<?, ?> m) {
            Map<Object, Object> out = new LinkedHashMap<>();
            m.forEach((k, x) -> out.put(normalize(k), normalize(x)));
            return out;
        }
        if (v instanceof List<?> l) {
            return l.stream().map(AlbisRows::normalize).toList();
        }
        return v;
    }

    /** Equal rows, or a failure naming the first field that differs (rows are too wide to print whole). */
    public static void assertSameRow(Map<String, Object> expected, Map<String, Object> actual, String where) {
        String diff = firstDifference(expected, actual, "");
        if (diff != null) {
            throw new org.opentest4j.AssertionFailedError(where + ": " + diff);
        }
    }

    private static String firstDifference(Object e, Object a, String path) {
        if (e instanceof Map<?, ?> em && a instanceof Map<?, ?> am) {
            if (!em.keySet().equals(am.keySet())) {
                return path + " has keys " + am.keySet() + ", expected " + em.keySet();
            }
            for (Object k : em.keySet()) {
                String d = firstDifference(em.get(k), am.get(k), path.isEmpty() ? String.valueOf(k) : path + "." + k);
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (e instanceof List<?> el && a instanceof List<?> al) {
            if (el.size() != al.size()) {
                return path + " has " + al.size() + " elements " + al + ", expected " + el.size() + " " + el;
            }
            for (int k = 0; k < el.size(); k++) {
                String d = firstDifference(el.get(k), al.get(k), path + "[" + k + "]");
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        return java.util.Objects.equals(e, a) ? null : path + " is <" + a + "> (" + (a == null ? "null" : a.getClass().getSimpleName())
                + "), expected <" + e + "> (" + (e == null ? "null" : e.getClass().getSimpleName()) + ")";
    }

    /** Every row of an Albis table as nested maps. */
    public static List<Map<String, Object>> rows(AlbisTable table) throws IOException {
        List<Map<String, Object>> out = new ArrayList<>();
        try (AlbisReader r = table.newReader()) {
            while (r.advance()) {
                out.add(actual(r));
            }
        }
        return out;
    }

    /** Equal rows in the same order, or a failure naming the first row and field that differ. */
    public static void assertSameRows(List<Map<String, Object>> expected, List<Map<String, Object>> actual) {
        assertEquals(expected.size(), actual.size(), "rows");
        for (int i = 0; i < expected.size(); i++) {
            assertSameRow(expected.get(i), actual.get(i), "row " + i);
        }
    }
}
