package io.albis.write;

import io.albis.error.InvalidOptionException;
import io.albis.table.PropertyChange;
import io.albis.table.TableState;
import io.albis.table.WriteMode;
import java.io.Serializable;
import java.util.Collection;
import java.util.Collections;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a write job's commit does to the table besides adding the job's row groups
 * (docs/FORMAT.md §11, "Commit scopes"): which row groups of the latest state it keeps (its
 * {@link WriteMode}; for {@link WriteMode#OVERWRITE_PARTITIONS} the partitions it replaces), how
 * it edits the table's properties, and the operation the state records for the history.
 * Serializable, as part of the job's {@link JobDescriptor}.
 *
 * @param mode       create, append, overwrite, or overwrite of partitions
 * @param partitions for {@link WriteMode#OVERWRITE_PARTITIONS}: the partitions whose row groups the
 *                   job replaces (the job's own rows may lie anywhere); empty for every other mode
 * @param properties the edit of the table's properties the commit publishes with its rows
 * @param operation  what the state records the commit did (1 to 255 UTF-8 bytes)
 */
public record CommitPlan(WriteMode mode, Set<String> partitions, PropertyChange properties, String operation)
        implements Serializable {

    public CommitPlan {
        Objects.requireNonNull(mode, "mode");
        if (mode == WriteMode.PROPERTIES) {
            throw new InvalidOptionException("a write job commits rows; a commit of properties alone is"
                    + " TableProperties.change");
        }
        partitions = Collections.unmodifiableSortedSet(new TreeSet<>(partitions));
        if (mode != WriteMode.OVERWRITE_PARTITIONS && !partitions.isEmpty()) {
            throw new InvalidOptionException("only a job that overwrites partitions names partitions to replace; a "
                    + mode + " job replaces " + (mode == WriteMode.OVERWRITE ? "every row group" : "none"));
        }
        Objects.requireNonNull(properties, "properties");
        TableState.requireOperation(operation);
    }

    /** A commit of {@code mode} that changes no property and records the mode's own operation. */
    public static CommitPlan of(WriteMode mode) {
        return new CommitPlan(mode, Set.of(), PropertyChange.NONE, mode.operation);
    }

    /**
     * A commit that replaces the row groups of {@code partitions} with the job's: the latest
     * state's row groups in other partitions stay, in order, then come the job's.
     */
    public static CommitPlan overwritePartitions(Collection<String> partitions) {
        WriteMode mode = WriteMode.OVERWRITE_PARTITIONS;
        return new CommitPlan(mode, Set.copyOf(partitions), PropertyChange.NONE, mode.operation);
    }

    /** This plan, editing the table's properties in the same commit. */
    public CommitPlan withProperties(PropertyChange change) {
        return new CommitPlan(mode, partitions, change, operation);
    }

    /** This plan, recording {@code operation} (e.g. {@code "INSERT OVERWRITE"}) in the table's history. */
    public CommitPlan withOperation(String operation) {
        return new CommitPlan(mode, partitions, properties, operation);
    }
}
