package io.albis.read;

import io.albis.filter.Predicate;
import java.util.List;

/**
 * What to read.
 *
 * @param columns         column names to return, in this order (a struct name stands for all its
 *                        leaves); null for every live column
 * @param filter          only rows for which it is TRUE are returned; null for all rows
 * @param rowGroups       indexes of the row groups to read (the unit of a distributed task); null for all
 * @param verifyChecksums check each segment's CRC-32C before using its bytes
 */
public record ReadOptions(List<String> columns, Predicate filter, int[] rowGroups, boolean verifyChecksums) {

    public ReadOptions {
        columns = columns == null ? null : List.copyOf(columns);
        rowGroups = rowGroups == null ? null : rowGroups.clone();
    }

    public static ReadOptions all() {
        return new ReadOptions(null, null, null, true);
    }

    public ReadOptions withColumns(List<String> cols) {
        return new ReadOptions(cols, filter, rowGroups, verifyChecksums);
    }

    public ReadOptions withColumns(String... cols) {
        return withColumns(List.of(cols));
    }

    public ReadOptions withFilter(Predicate p) {
        return new ReadOptions(columns, p, rowGroups, verifyChecksums);
    }

    public ReadOptions withRowGroups(int... indexes) {
        return new ReadOptions(columns, filter, indexes, verifyChecksums);
    }

    public ReadOptions withVerifyChecksums(boolean on) {
        return new ReadOptions(columns, filter, rowGroups, on);
    }
}
