package io.albis.spark.table;

import java.util.Map;

/** The albis source's options as Spark hands them over: a map whose keys are names in any case. */
public final class SourceOptions {
    private SourceOptions() {}

    /** An option's value by its name in any case (Spark's option names are case-insensitive), or null. */
    public static String value(Map<String, String> options, String name) {
        for (Map.Entry<String, String> e : options.entrySet()) {
            if (e.getKey().equalsIgnoreCase(name)) {
                return e.getValue();
            }
        }
        return null;
    }
}
