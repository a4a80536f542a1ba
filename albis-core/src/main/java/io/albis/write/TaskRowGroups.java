package io.albis.write;

import io.albis.error.InvalidOptionException;
import io.albis.layout.TableLayout;
import io.albis.storage.Storage;
import io.albis.table.RowGroupFiles;
import io.albis.table.TableState;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The row groups one attempt of one task writes, in any number of partitions, and their one task
 * commit: every writer of the attempt ({@link AlbisWriter}, one per partition of a
 * {@link PartitionedTaskWriter}) names its row groups here, so names never repeat, and adds each
 * finished one; the commit publishes them all in one manifest ({@link TaskCommitter}).
 */
final class TaskRowGroups {
    private final Storage storage;
    private final JobDescriptor job;
    private final int task;
    private final int attempt;
    private final List<TableState.Entry> written = new ArrayList<>();
    /** The sequence number of the next row group opened, in any partition. */
    private int sequence;
    private TaskCommit committed;

    TaskRowGroups(Storage storage, JobDescriptor job, int task, int attempt) {
        if (task < 0 || attempt < 0) {
            throw new InvalidOptionException("task and attempt numbers must be zero or positive, got task " + task
                    + " attempt " + attempt);
        }
        this.storage = storage;
        this.job = job;
        this.task = task;
        this.attempt = attempt;
    }

    JobDescriptor job() {
        return job;
    }

    /** The name of the next row group this attempt opens. */
    String nextName() {
        return TableLayout.rowGroupName(job.jobId(), task, attempt, sequence++);
    }

    /** A finished row group, part of the task from now on. */
    void add(TableState.Entry rowGroup) {
        written.add(rowGroup);
    }

    /** The outcome of the task's commit, or null before it. */
    TaskCommit committed() {
        return committed;
    }

    /** Commits the task; a repeated call returns the same outcome. */
    TaskCommit commit() throws IOException {
        if (committed != null) {
            return committed;
        }
        try {
            committed = TaskCommitter.commit(storage, job, task, attempt, written);
            return committed;
        } catch (IOException | RuntimeException e) {
            // The manifest may have been published before the failure surfaced, so this attempt's
            // row groups stay; when the job ends, the ones no state lists are removed with it.
            written.clear();
            throw e;
        }
    }

    /** Removes the row groups of a task that has not committed (best effort: what stays is invisible). */
    void removeUncommitted() throws IOException {
        if (committed == null) {
            RowGroupFiles.deleteRowGroups(storage, job.table(), written);
            written.clear();
        }
    }
}
