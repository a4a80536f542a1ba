package io.albis.table;

import io.albis.layout.TableLayout;
import io.albis.storage.Storage;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;

/**
 * A table's history: the table states it keeps (docs/FORMAT.md §11; the cleaner removes states
 * superseded longer than the snapshot retention ago), newest first, each with what its commit did.
 * Every one of them can be read as a snapshot ({@link AlbisTable#open(Storage, String, int)}).
 */
public final class TableHistory {
    private TableHistory() {}

    /**
     * One kept state.
     *
     * @param version       its version, the number in {@code _state.NNNNNNNN}
     * @param commitMillis  when it was committed, milliseconds since the epoch
     * @param operation     what the commit did, in the committer's words
     * @param mode          what the commit did to the rows
     * @param rows          the rows a reader of the state sees
     * @param schemaVersion the schema a reader of the state uses
     * @param rowGroups     the row groups the state lists
     */
    public record Entry(int version, long commitMillis, String operation, WriteMode mode, long rows,
            int schemaVersion, int rowGroups) {}

    /** The kept states of the table, newest first; none for a table without states (format 1.0). */
    public static List<Entry> of(Storage storage, String table) throws IOException {
        List<Integer> versions = new ArrayList<>();
        for (String n : storage.list(table)) {
            int v = TableLayout.stateVersion(n);
            if (v > 0) {
                versions.add(v);
            }
        }
        versions.sort(null);
        List<Entry> out = new ArrayList<>();
        for (int i = versions.size() - 1; i >= 0; i--) {
            TableState s;
            try {
                s = TableStates.read(storage, table, versions.get(i));
            } catch (NoSuchFileException | FileNotFoundException expired) {
                continue; // the cleaner removed it since the listing: it is no longer kept
            }
            out.add(new Entry(s.version(), s.commitMillis(), s.operation(), s.mode(), s.rowCount(), s.schemaVersion(),
                    s.rowGroups().size()));
        }
        return out;
    }
}
