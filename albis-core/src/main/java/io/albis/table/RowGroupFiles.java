package io.albis.table;

import io.albis.layout.PartitionPath;
import io.albis.layout.TableLayout;
import io.albis.storage.Storage;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Removes row groups of write jobs from a table, whichever layout they were written in: a 4.0 or
 * 5.0 row group is its files {@code <row group>.cg-NNNNNNNN.data|meta} in its partition directory
 * (the table directory before 5.0), a 2.0 to 3.x one its directory. Entries are matched to a row
 * group by their whole name ({@link TableLayout#rowGroupOf}), so removing one row group never
 * touches another's files.
 */
public final class RowGroupFiles {
    private RowGroupFiles() {}

    /**
     * Deletes every entry among {@code names} (a listing of {@code directory}, the table's or a
     * partition's) that belongs to a row group {@code which} accepts, and returns the names deleted.
     */
    public static List<String> delete(Storage storage, String directory, List<String> names, Predicate<String> which)
            throws IOException {
        List<String> deleted = new ArrayList<>();
        for (String n : names) {
            String rowGroup = TableLayout.rowGroupOf(n);
            if (rowGroup != null && which.test(rowGroup)) {
                storage.delete(storage.resolve(directory, n));
                deleted.add(n);
            }
        }
        return deleted;
    }

    /** Deletes every file of the row groups of the table directory named; lists it once. */
    public static void delete(Storage storage, String table, Collection<String> rowGroups) throws IOException {
        if (rowGroups.isEmpty()) {
            return;
        }
        Set<String> which = Set.copyOf(rowGroups);
        delete(storage, table, storage.list(table), which::contains);
    }

    /** Deletes every file of these row groups, each in its partition directory; lists each such directory once. */
    public static void deleteRowGroups(Storage storage, String table, Collection<TableState.Entry> rowGroups)
            throws IOException {
        Map<String, Set<String>> byPartition = new LinkedHashMap<>();
        for (TableState.Entry e : rowGroups) {
            byPartition.computeIfAbsent(e.partition(), p -> new HashSet<>()).add(e.name());
        }
        for (Map.Entry<String, Set<String>> p : byPartition.entrySet()) {
            String dir = PartitionPath.directory(storage, table, p.getKey());
            delete(storage, dir, listIfThere(storage, dir), p.getValue()::contains);
        }
    }

    /** A directory's listing; none for a directory that is not there. */
    static List<String> listIfThere(Storage storage, String dir) throws IOException {
        try {
            return storage.list(dir);
        } catch (NoSuchFileException | FileNotFoundException e) {
            return List.of();
        }
    }
}
