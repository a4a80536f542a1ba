package io.albis.read;

import io.albis.filter.Predicate;
import io.albis.memory.BufferAllocator;
import java.util.List;

/**
 * What to read.
 *
 * @param columns         column names to return, in this order (a struct name stands for all its
 *                        leaves); null for every live column
 * @param filter          only rows for which it is TRUE are returned; null for all rows
 * @param rowGroups       indexes of the row groups to read (the unit of a distributed task); null for all
 * @param verifyChecksums check each segment's CRC-32C before using its bytes
 * @param allocator       lends the reader its segment buffers; null for {@link BufferAllocator#shared()}
 */
public record ReadOptions(List<String> columns, Predicate filter, int[] rowGroups, boolean verifyChecksums,
        BufferAllocator allocator) {

    public ReadOptions {
        columns = columns == null ? null : List.copyOf(columns);
        rowGroups = rowGroups == null ? null : rowGroups.clone();
        allocator = allocator == null ? BufferAllocator.shared() : allocator;
    }

    /** Options reading with the shared allocator. */
    public ReadOptions(List<String> columns, Predicate filter, int[] rowGroups, boolean verifyChecksums) {
        this(columns, filter, rowGroups, verifyChecksums, null);
    }

    public static ReadOptions all() {
        return new ReadOptions(null, null, null, true, null);
    }

    public ReadOptions withColumns(List<String> cols) {
        return new ReadOptions(cols, filter, rowGroups, verifyChecksums, allocator);
    }

    public ReadOptions withColumns(String... cols) {
        return withColumns(List.of(cols));
    }

    public ReadOptions withFilter(Predicate p) {
        return new ReadOptions(columns, p, rowGroups, verifyChecksums, allocator);
    }

    public ReadOptions withRowGroups(int... indexes) {
        return new ReadOptions(columns, filter, indexes, verifyChecksums, allocator);
    }

    public ReadOptions withVerifyChecksums(boolean on) {
        return new ReadOptions(columns, filter, rowGroups, on, allocator);
    }

    public ReadOptions withAllocator(BufferAllocator a) {
        return new ReadOptions(columns, filter, rowGroups, verifyChecksums, a);
    }
}
