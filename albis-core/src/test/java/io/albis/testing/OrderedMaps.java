package io.albis.testing;

import java.util.LinkedHashMap;
import java.util.Map;

/** Maps for test values written inline: entries in the order given, null values allowed (unlike {@code Map.of}). */
public final class OrderedMaps {

    private OrderedMaps() {
    }

    /** A map of alternating keys and values, in this order; a key given again keeps its first place and its last value. */
    public static Map<Object, Object> of(Object... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("keys and values come in pairs; got " + keysAndValues.length + " arguments");
        }
        Map<Object, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }
}
