package io.albis.table;

import io.albis.layout.TableLayout;
import io.albis.storage.Storage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Removes row groups of write jobs from a table directory, whichever layout they were written in:
 * a 4.0 row group is its files {@code <row group>.cg-NNNNNNNN.data|meta}, a 2.0 to 3.x one its
 * directory. Entries are matched to a row group by their whole name ({@link TableLayout#rowGroupOf}),
 * so removing one row group never touches another's files.
 */
public final class RowGroupFiles {
    private RowGroupFiles() {}

    /**
     * Deletes every entry among {@code names} (a listing of {@code table}) that belongs to a row
     * group {@code which} accepts, and returns the names deleted.
     */
    public static List<String> delete(Storage storage, String table, List<String> names, Predicate<String> which)
            throws IOException {
        List<String> deleted = new ArrayList<>();
        for (String n : names) {
            String rowGroup = TableLayout.rowGroupOf(n);
            if (rowGroup != null && which.test(rowGroup)) {
                storage.delete(storage.resolve(table, n));
                deleted.add(n);
            }
        }
        return deleted;
    }

    /** Deletes every file of the named row groups; lists the table directory once. */
    public static void delete(Storage storage, String table, Collection<String> rowGroups) throws IOException {
        if (rowGroups.isEmpty()) {
            return;
        }
        Set<String> which = Set.copyOf(rowGroups);
        delete(storage, table, storage.list(table), which::contains);
    }
}
