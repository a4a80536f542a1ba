package io.albis.bench.format;

import java.util.List;

/**
 * What to read.
 *
 * @param columns    top-level column names in this order, or null for all columns
 * @param filterColumn  null for all rows, else only rows with {@code filterColumn <= filterMax}
 *                   (an int or long column; null values never match) are returned; the filter
 *                   column is read even when not projected but only projected columns count
 */
public record ReadSpec(List<String> columns, String filterColumn, long filterMax) {

    public static ReadSpec all() {
        return new ReadSpec(null, null, 0);
    }

    public static ReadSpec columns(List<String> columns) {
        return new ReadSpec(List.copyOf(columns), null, 0);
    }

    public ReadSpec withFilterAtMost(String column, long max) {
        return new ReadSpec(columns, column, max);
    }

    public boolean hasFilter() {
        return filterColumn != null;
    }
}
