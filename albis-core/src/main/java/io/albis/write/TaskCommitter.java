package io.albis.write;

import io.albis.layout.TableLayout;
import io.albis.storage.Storage;
import io.albis.table.RowGroupFiles;
import io.albis.table.SmallFiles;
import io.albis.table.TableState;
import io.albis.table.TableStateCodec;
import java.io.IOException;
import java.util.List;

/**
 * Commits one task attempt: publishes its manifest as {@code _job.<id>/task-NNNNNNNN} with the
 * create-then-rename rule. The first attempt of a task to publish wins; a later attempt (a retry
 * or a speculative copy) finds the manifest there, removes its own row groups and reports the
 * winner, so a task's rows are in the job once however often it runs. Committing the same attempt
 * twice returns the same outcome.
 */
final class TaskCommitter {
    private TaskCommitter() {}

    static TaskCommit commit(Storage storage, JobDescriptor job, int task, int attempt, List<TableState.Entry> rgs)
            throws IOException {
        String jobDir = storage.resolve(job.table(), TableLayout.jobDirName(job.jobId()));
        if (!storage.isDirectory(jobDir)) {
            throw new IllegalStateException("cannot commit task " + task + " of job " + job.jobId() + " on "
                    + job.table() + ": the job is over (committed, aborted or removed as abandoned)");
        }
        String name = TableLayout.taskManifestName(task);
        byte[] bytes = TableStateCodec.encode(new TableStateCodec.Manifest(task, attempt, rgs));
        if (SmallFiles.publish(storage, jobDir, name, bytes)) {
            return new TaskCommit(task, attempt, false, rgs);
        }
        String path = storage.resolve(jobDir, name);
        TableStateCodec.Manifest winner = SmallFiles.read(storage, path, TableStateCodec.MAX_BYTES,
                TableStateCodec::decodeManifest);
        if (winner.attempt() == attempt) {
            return new TaskCommit(task, attempt, false, winner.rowGroups());
        }
        RowGroupFiles.deleteRowGroups(storage, job.table(), rgs);
        return new TaskCommit(task, winner.attempt(), true, winner.rowGroups());
    }
}
