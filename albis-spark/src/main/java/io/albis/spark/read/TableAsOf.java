package io.albis.spark.read;

import io.albis.spark.table.StatesAsOf;
import io.albis.spark.table.TimeTravel;
import io.albis.storage.Storage;
import java.io.IOException;
import java.io.Serializable;
import java.util.Map;

/**
 * Which snapshot of a table a query reads, the same on the driver and in every task: the table
 * state the read option {@link #STATE_VERSION} names, or else the newest state committed when the
 * query was planned ({@link StatesAsOf}).
 *
 * @param plannedAt    when the query was planned, milliseconds since the epoch
 * @param stateVersion the state the query reads, or 0 for the one of {@code plannedAt}
 */
public record TableAsOf(long plannedAt, int stateVersion) implements Serializable {
    /**
     * Read option: the table state version to read (a state the table still keeps: the latest, or
     * an older one within the snapshot retention). Its row groups are then read in table order,
     * row group {@code i} by the scan's partition {@code i}.
     */
    public static final String STATE_VERSION = TimeTravel.StateVersion();

    /** The snapshot of a query planned now with these source options (names in any case). */
    static TableAsOf of(Map<String, String> options, long plannedAt) {
        return new TableAsOf(plannedAt, TimeTravel.versionFromOptions(options));
    }

    /** Whether the option named the state. */
    public boolean pinned() {
        return stateVersion > 0;
    }

    /**
     * Whether {@code other} reads the same rows: the same state when a state is named (when the
     * query was planned then makes no difference), else the same planning time. Two scans of one
     * table in a query are planned a few milliseconds apart; only equal scans let Spark run a
     * shared part of the plan once (exchange and subquery reuse).
     */
    public boolean sameSnapshot(TableAsOf other) {
        return pinned() ? stateVersion == other.stateVersion : equals(other);
    }

    /**
     * The state of {@code table} this snapshot reads; 0 for a table without states (format 1.0),
     * which is read as it is.
     */
    int resolve(Storage storage, String table) throws IOException {
        return pinned() ? stateVersion : StatesAsOf.stateAsOf(storage, table, plannedAt, true);
    }
}
