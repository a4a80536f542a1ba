package io.albis.spark.table;

import io.albis.layout.TableLayout;
import io.albis.storage.Storage;
import io.albis.table.TableStates;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Which table state was the table at a given time. Spark's tasks and driver agree on a time (when
 * the query was planned, when the write job began) rather than on a state they could each list
 * differently, and every one of them resolves it to the same state.
 */
public final class StatesAsOf {
    private StatesAsOf() {}

    /**
     * The newest state of {@code table} committed by {@code when} (milliseconds since the epoch),
     * or, when {@code orFirst} and none was, its first state; 0 when there is none.
     */
    public static int stateAsOf(Storage storage, String table, long when, boolean orFirst) throws IOException {
        List<Integer> versions = new ArrayList<>();
        for (String name : storage.list(table)) {
            int v = TableLayout.stateVersion(name);
            if (v > 0) {
                versions.add(v);
            }
        }
        versions.sort(Collections.reverseOrder());
        for (int v : versions) {
            if (TableStates.read(storage, table, v).commitMillis() <= when) {
                return v;
            }
        }
        return orFirst && !versions.isEmpty() ? versions.get(versions.size() - 1) : 0;
    }
}
