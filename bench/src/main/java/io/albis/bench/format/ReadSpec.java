package io.albis.bench.format;

import java.util.List;
import java.util.TreeSet;

/**
 * What to read.
 *
 * @param columns      top-level column names in this order, or null for all columns
 * @param filterColumn null for all rows, else only rows whose value in {@code filterColumn} (an
 *                     int or long column; null values never match) passes the filter are
 *                     returned; the filter column is read even when not projected but only
 *                     projected columns count
 * @param filterMax    without keys, the filter is {@code filterColumn <= filterMax}
 * @param filterKeys   null for the {@code <=} filter, else the filter is {@code filterColumn IN
 *                     filterKeys} (one key: {@code filterColumn = key}); distinct and ascending.
 *                     Only formats that say {@link BenchFormat#readsKeyFilters()} are given it.
 */
public record ReadSpec(List<String> columns, String filterColumn, long filterMax, List<Long> filterKeys) {

    public ReadSpec {
        if (filterKeys != null) {
            if (filterColumn == null || filterKeys.isEmpty()) {
                throw new IllegalArgumentException("a key filter needs a column and at least one key");
            }
            filterKeys = List.copyOf(new TreeSet<>(filterKeys));
        }
    }

    public static ReadSpec all() {
        return new ReadSpec(null, null, 0, null);
    }

    public static ReadSpec columns(List<String> columns) {
        return new ReadSpec(List.copyOf(columns), null, 0, null);
    }

    public ReadSpec withFilterAtMost(String column, long max) {
        return new ReadSpec(columns, column, max, null);
    }

    /** Only rows whose {@code column} holds one of {@code keys}: a point lookup, or a small {@code IN}. */
    public ReadSpec withFilterIn(String column, List<Long> keys) {
        return new ReadSpec(columns, column, 0, keys);
    }

    public boolean hasFilter() {
        return filterColumn != null;
    }

    /** Whether the filter is {@code IN} (or {@code =}) rather than {@code <=}. */
    public boolean hasKeyFilter() {
        return filterKeys != null;
    }

    /** The keys as an ascending array, for a binary search per row that passed a reader's own filter. */
    public long[] filterKeyArray() {
        return filterKeys.stream().mapToLong(Long::longValue).toArray();
    }
}
