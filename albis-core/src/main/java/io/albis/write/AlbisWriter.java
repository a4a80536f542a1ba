package io.albis.write;

import io.albis.error.SchemaMismatchException;
import io.albis.layout.PartitionPath;
import io.albis.memory.BufferAllocator;
import io.albis.row.RowEncoder;
import io.albis.schema.Schema;
import io.albis.storage.Storage;
import io.albis.storage.Storages;
import io.albis.table.Retention;
import io.albis.table.SchemaStore;
import io.albis.table.TableState;
import io.albis.table.WriteMode;
import java.io.IOException;
import java.util.Objects;

/**
 * Writes rows into new row groups of a table, as in the paper: set the values of a row with
 * {@code setValue} or the typed setters (which do not box), then {@link #nextRow()} (see
 * {@link RowWriter}). A row group ends when it reaches the options' row or byte limit, or at
 * {@link #endRowGroup()}.
 *
 * <p>A writer is one task of a write job ({@link WriteJob}): its row groups stay invisible until the
 * job commits. A writer from {@link #create}, {@link #append} or {@link #overwrite} owns a job of
 * its own, so {@link #close()} publishes all its rows in one atomic step and {@link #abort()} (which
 * aborts that job) leaves nothing visible. A writer from {@link #forTask} is one task of a job a
 * driver owns: {@code close()} commits the task, and the driver commits the job. These writers put
 * their row groups in the table directory; a task that writes partition directories (format 5.0)
 * has a writer per partition from a {@link PartitionedTaskWriter}. Not thread-safe: one writer per
 * thread.
 */
public final class AlbisWriter extends RowWriter {
    /** The task attempt's row groups, shared with the attempt's writers of other partitions. */
    private final TaskRowGroups task;
    /** The partition directory every row group of this writer goes into ({@link PartitionPath}). */
    private final String partition;
    /** The job this writer commits on close, when it owns one. */
    private final WriteJob ownedJob;
    /** The task this writer writes one partition of (the only one, when {@link #endsTask}). */
    private final PartitionedTaskWriter partitionedTask;
    /** True for a writer that is its task's only one: its close commits the task, not just its partition. */
    private final boolean endsTask;
    private CommitResult jobCommit;
    private int rowGroupsWritten;
    /** True once this writer made its partition directory (the table directory needs none). */
    private boolean directoryMade;

    private AlbisWriter(Storage storage, Schema schema, TaskRowGroups task, String partition,
            PartitionedTaskWriter partitionedTask, WriteJob ownedJob, boolean endsTask) {
        super(storage, task.job().table(), schema, task.job().options(), null);
        this.task = task;
        this.partition = PartitionPath.require(task.job().table(), partition);
        this.ownedJob = ownedJob;
        this.partitionedTask = partitionedTask;
        this.endsTask = endsTask;
        this.directoryMade = partition.isEmpty();
    }

    /**
     * A writer of {@code partition}'s rows in {@code owner}'s task ({@link PartitionedTaskWriter#writer});
     * with {@code endsTask}, the task's only writer, whose close commits the task (and {@code ownedJob},
     * when given).
     */
    static AlbisWriter ofPartition(Storage storage, Schema schema, TaskRowGroups task, String partition,
            PartitionedTaskWriter owner, WriteJob ownedJob, boolean endsTask) {
        return new AlbisWriter(storage, schema, task, partition, owner, ownedJob, endsTask);
    }

    /**
     * Creates a new table (the directory may exist but must not hold a table) and opens it for
     * writing. The table exists once {@link #close()} commits (with or without rows); {@link #abort()}
     * leaves nothing, not even the schema, or the directory if this call made it.
     */
    public static AlbisWriter create(Storage storage, String table, Schema schema, WriterOptions options)
            throws IOException {
        WriteJob job = WriteJob.create(storage, table, schema, CommitPlan.of(WriteMode.CREATE), options,
                Retention.DEFAULT);
        return PartitionedTaskWriter.soleWriter(storage, job.schema(), job.descriptor(), 0, 0, job);
    }

    /** Creates a table at a local path or a URI whose scheme a storage backend serves ({@link Storages}). */
    public static AlbisWriter create(String table, Schema schema) throws IOException {
        return create(Storages.forPath(table), table, schema, WriterOptions.defaults());
    }

    /**
     * Opens an existing table to add rows, published in one step on {@link #close()}. When
     * {@code expected} is not null it must have the table's columns and column groups, so rows are
     * never appended under a different layout.
     */
    public static AlbisWriter append(Storage storage, String table, Schema expected, WriterOptions options)
            throws IOException {
        return owningJob(storage, table, WriteMode.APPEND, expected, options);
    }

    /**
     * Opens an existing table to replace all its rows with the ones written, in one step on
     * {@link #close()}; readers see the old rows until then. Fails on close with a
     * {@link io.albis.error.CommitConflictException} if another commit landed meanwhile.
     */
    public static AlbisWriter overwrite(Storage storage, String table, Schema expected, WriterOptions options)
            throws IOException {
        return owningJob(storage, table, WriteMode.OVERWRITE, expected, options);
    }

    private static AlbisWriter owningJob(Storage storage, String table, WriteMode mode, Schema expected,
            WriterOptions options) throws IOException {
        WriteJob job = WriteJob.begin(storage, table, mode, options);
        Schema current = SchemaStore.read(storage, table, job.descriptor().schemaVersion());
        if (expected != null && !(expected.columns().equals(current.columns())
                && expected.groups().equals(current.groups()))) {
            job.abort();
            throw new SchemaMismatchException("cannot " + mode.name().toLowerCase(java.util.Locale.ROOT) + " " + table
                    + ": its schema is\n" + current + "but the rows have\n" + expected);
        }
        return PartitionedTaskWriter.soleWriter(storage, current, job.descriptor(), 0, 0, job);
    }

    /** A writer for one attempt of one task of a job a driver owns; {@link #close()} commits the task. */
    public static AlbisWriter forTask(Storage storage, JobDescriptor job, int task, int attempt) throws IOException {
        return PartitionedTaskWriter.soleWriter(storage, SchemaStore.read(storage, job.table(), job.schemaVersion()),
                job, task, attempt, null);
    }

    /** {@link #forTask(Storage, JobDescriptor, int, int)} on the storage that serves the table's path. */
    public static AlbisWriter forTask(JobDescriptor job, int task, int attempt) throws IOException {
        return forTask(Storages.forPath(job.table()), job, task, attempt);
    }

    public int rowGroupsWritten() {
        return rowGroupsWritten;
    }

    /**
     * Takes segment buffers (one per column group being written, of the segment size, or of a
     * row when a row is larger) from {@code allocator} instead of the shared one, so the writer's
     * memory is bounded by its limit: a segment size times column groups beyond it fails with a
     * {@link io.albis.memory.MemoryLimitException} naming the limit and the file. Call before the
     * first row.
     */
    public AlbisWriter withAllocator(BufferAllocator allocator) {
        if (current != null) {
            throw new IllegalStateException("the allocator of writer for " + table + " is set before its first row");
        }
        this.allocator = Objects.requireNonNull(allocator, "allocator");
        return this;
    }

    /** The partition directory this writer's row groups go into ({@code ""}: the table directory). */
    public String partition() {
        return partition;
    }

    @Override
    RowGroupWriter newRowGroup(RowEncoder[] encoders) throws IOException {
        String directory = PartitionPath.directory(storage, table, partition);
        if (!directoryMade) {
            storage.mkdirs(directory);
            directoryMade = true;
        }
        return new RowGroupWriter(storage, directory, task.nextName(), schema, options.segmentSize(), bloomFilters,
                encoders, false, allocator);
    }

    @Override
    void checkRoomForRow() {
        // a task takes any number of rows
    }

    @Override
    void rowWritten() throws IOException {
        if (current.rows() >= options.rowGroupRows() || current.bytes() >= options.rowGroupBytes()) {
            try {
                commitRowGroup();
            } catch (IOException | RuntimeException e) {
                failure = e; // the row group's rows are lost: the task must not commit without them
                throw e;
            }
        }
    }

    /**
     * Ends the current row group now, if it has rows, so the next row starts a new one: an engine
     * that cuts its output by row count (Spark's {@code maxRecordsPerFile}) gets whole row groups.
     */
    public void endRowGroup() throws IOException {
        if (failure != null || closed) {
            throw new IllegalStateException("writer for " + table + " is " + (closed ? "closed" : "failed"));
        }
        if (current == null || current.rows() == 0) {
            return;
        }
        try {
            commitRowGroup();
        } catch (IOException | RuntimeException e) {
            failure = e;
            throw e;
        }
    }

    private void commitRowGroup() throws IOException {
        RowGroupWriter rg = finishRowGroup();
        task.add(new TableState.Entry(rg.name(), rg.rows(), partition));
        rowGroupsWritten++;
    }

    /**
     * Completes the last row group and refuses further rows; values set after the last
     * {@link #nextRow()} are discarded. Throws, having removed nothing, if a row failed before.
     * The caller aborts on failure.
     */
    void endRows() throws IOException {
        if (failure != null) {
            throw new IOException("writer for " + table + (partition.isEmpty() ? "" : " partition " + partition)
                    + " failed while writing a row; it committed nothing", failure);
        }
        if (closed) {
            return;
        }
        closed = true;
        if (current != null) {
            if (current.rows() > 0) {
                commitRowGroup();
            } else {
                dropRowGroup();
            }
        }
    }

    /**
     * Completes the last row group and commits the task: its row groups become part of the job
     * (once, however many attempts of the task commit). Values set after the last {@link #nextRow()}
     * are discarded. Further rows are refused. Repeated calls return the same outcome. A writer of
     * one partition of a {@link PartitionedTaskWriter} commits that whole task (every partition).
     */
    public TaskCommit commitTask() throws IOException {
        return partitionedTask.commit();
    }

    /**
     * Commits the task and, for a writer that owns its job, the job: every row written becomes
     * visible in one atomic step. On failure nothing becomes visible and the exception is thrown.
     * A writer of one partition of a {@link PartitionedTaskWriter} only ends that partition's rows
     * (its last row group is completed and its buffers go back): they commit with the task, and a
     * later {@link PartitionedTaskWriter#writer} call for the partition opens a new writer.
     */
    @Override
    public void close() throws IOException {
        if (!endsTask) {
            partitionedTask.endPartition(this);
            return;
        }
        if (task.committed() != null && (ownedJob == null || jobCommit != null)) {
            return;
        }
        commitTask();
        if (ownedJob != null) {
            try {
                jobCommit = ownedJob.commit();
            } catch (IOException | RuntimeException e) {
                abortQuietly(e);
                throw e;
            }
        }
    }

    /** The commit of the job this writer owned, after {@link #close()}; null for a task writer. */
    public CommitResult jobCommit() {
        return jobCommit;
    }

    /**
     * Aborts the job this writer owns, or else the task it is part of (every partition: the task
     * must not commit without this one's rows), which removes the task's row groups unless it
     * has committed.
     */
    @Override
    void removeWritten() throws IOException {
        if (ownedJob != null) {
            ownedJob.abort();
        } else {
            partitionedTask.abort();
        }
    }
}
