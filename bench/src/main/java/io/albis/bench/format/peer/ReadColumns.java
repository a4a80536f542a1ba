package io.albis.bench.format.peer;

import io.albis.bench.format.ReadSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which top-level columns of one file a {@link ReadSpec} reads: the projected ones (all, in file
 * order, when the spec names none), the filter column, and their union, which is what the format
 * is asked to decode. Only projected columns count towards bytes, nulls and the checksum.
 *
 * @param projected columns whose values are counted
 * @param filter    the filter column, or null
 * @param toRead    projected columns, then the filter column if it is not projected
 */
public record ReadColumns(List<String> projected, String filter, List<String> toRead) {

    /**
     * @param fileColumns the file's top-level column names in file order
     * @throws IOException naming the file when the spec names a column the file does not have
     */
    public static ReadColumns resolve(List<String> fileColumns, ReadSpec spec, Path file) throws IOException {
        List<String> projected = spec.columns() == null ? List.copyOf(fileColumns) : spec.columns();
        Set<String> seen = new HashSet<>();
        for (String c : projected) {
            requirePresent(fileColumns, c, file);
            if (!seen.add(c)) {
                throw new IllegalArgumentException("column '" + c + "' is requested twice");
            }
        }
        List<String> toRead = new ArrayList<>(projected);
        if (spec.hasFilter()) {
            requirePresent(fileColumns, spec.filterColumn(), file);
            if (!seen.contains(spec.filterColumn())) {
                toRead.add(spec.filterColumn());
            }
        }
        return new ReadColumns(List.copyOf(projected), spec.filterColumn(), List.copyOf(toRead));
    }

    private static void requirePresent(List<String> fileColumns, String c, Path file) throws IOException {
        if (!fileColumns.contains(c)) {
            throw new IOException(file + ": no column '" + c + "'; the file has " + fileColumns);
        }
    }

    public boolean isProjected(String column) {
        return projected.contains(column);
    }
}
