package io.albis.table;

import io.albis.error.CorruptFileException;
import io.albis.layout.FileHeader;
import io.albis.layout.TableLayout;
import io.albis.storage.Storage;
import java.io.IOException;
import java.util.List;

/**
 * Finds, reads and publishes table state files. The state with the highest version is the table;
 * publishing version {@code n + 1} is the one atomic step of a commit, and fails (returns false)
 * when another commit published that version first.
 */
public final class TableStates {
    private TableStates() {}

    /** The highest state version among a table directory's names, or 0 if there is none. */
    public static int latestVersion(List<String> names) {
        int best = 0;
        for (String name : names) {
            best = Math.max(best, TableLayout.stateVersion(name));
        }
        return best;
    }

    public static TableState read(Storage storage, String table, int version) throws IOException {
        String path = storage.resolve(table, TableLayout.stateName(version));
        TableState s = SmallFiles.read(storage, path, TableStateCodec.MAX_BYTES, TableStateCodec::decode);
        if (s.version() != version) {
            throw new CorruptFileException(path, FileHeader.LENGTH, "file name says state version " + version + " but it holds version "
                    + s.version());
        }
        return s;
    }

    /** Publishes {@code state} as its version; false if that version exists already. */
    public static boolean publish(Storage storage, String table, TableState state) throws IOException {
        return SmallFiles.publish(storage, table, TableLayout.stateName(state.version()), TableStateCodec.encode(state));
    }
}
