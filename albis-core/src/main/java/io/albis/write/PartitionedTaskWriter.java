package io.albis.write;

import io.albis.layout.PartitionPath;
import io.albis.memory.BufferAllocator;
import io.albis.schema.Schema;
import io.albis.storage.Storage;
import io.albis.storage.Storages;
import io.albis.table.SchemaStore;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One attempt of one task of a job that writes rows into any number of partition directories
 * (docs/FORMAT.md §1, "Partition directories"), committed in one manifest: {@link #writer} hands
 * out the {@link AlbisWriter} of a partition, whose row groups go into that directory, and
 * {@link #commit()} completes every partition's last row group and commits the task once.
 *
 * <pre>
 * try (PartitionedTaskWriter task = PartitionedTaskWriter.open(storage, job.descriptor(), 3, 0)) {
 *     for (row : rows) {
 *         AlbisWriter w = task.writer(partitionOf(row));   // "year=2024/month=05"
 *         w.setInt(0, ...); w.nextRow();
 *     }
 * }   // close commits the task; the driver commits the job
 * </pre>
 *
 * Memory: each open partition holds one row group being written (a segment buffer per column
 * group) and one staged row. Rows that arrive clustered by partition keep one partition open at
 * a time when the caller ends each partition as the next begins ({@link #endPartition(String)} or
 * the partition writer's {@code close()}); interleaved rows keep one row group open per partition
 * seen. A partition ended and met again gets a new writer and new row groups. Not thread-safe: one
 * task writer per thread.
 */
public final class PartitionedTaskWriter implements Closeable {
    private final Storage storage;
    private final Schema schema;
    private final TaskRowGroups task;
    private final Map<String, AlbisWriter> open = new HashMap<>();
    private BufferAllocator allocator = BufferAllocator.shared();
    /** The partition of the last {@link #writer} call and its writer: rows clustered by partition find it without a lookup. */
    private String lastPartition;
    private AlbisWriter lastWriter;
    private boolean aborted;

    private PartitionedTaskWriter(Storage storage, Schema schema, TaskRowGroups task) {
        this.storage = storage;
        this.schema = schema;
        this.task = task;
    }

    /** The writer of attempt {@code attempt} of task {@code task} of the job; {@link #commit()} commits the task. */
    public static PartitionedTaskWriter open(Storage storage, JobDescriptor job, int task, int attempt)
            throws IOException {
        Schema schema = SchemaStore.read(storage, job.table(), job.schemaVersion());
        return new PartitionedTaskWriter(storage, schema, new TaskRowGroups(storage, job, task, attempt));
    }

    /**
     * The only writer of a task that writes into the table directory ({@link AlbisWriter#forTask},
     * and the writers that own their job, {@code ownedJob}): its close commits the task.
     */
    static AlbisWriter soleWriter(Storage storage, Schema schema, JobDescriptor job, int task, int attempt,
            WriteJob ownedJob) {
        PartitionedTaskWriter owner = new PartitionedTaskWriter(storage, schema,
                new TaskRowGroups(storage, job, task, attempt));
        AlbisWriter w = AlbisWriter.ofPartition(storage, schema, owner.task, PartitionPath.ROOT, owner, ownedJob, true);
        owner.open.put(PartitionPath.ROOT, w);
        return w;
    }

    /** {@link #open(Storage, JobDescriptor, int, int)} on the storage that serves the table's path. */
    public static PartitionedTaskWriter open(JobDescriptor job, int task, int attempt) throws IOException {
        return open(Storages.forPath(job.table()), job, task, attempt);
    }

    public Schema schema() {
        return schema;
    }

    /** Segment buffers of the partition writers opened from now on come from {@code allocator} (see {@link AlbisWriter#withAllocator}). */
    public PartitionedTaskWriter withAllocator(BufferAllocator allocator) {
        this.allocator = Objects.requireNonNull(allocator, "allocator");
        return this;
    }

    /**
     * The writer of the rows of {@code partition} ({@code ""}: the table directory), opened on first
     * use; the same writer until the partition ends. A string that is not a partition directory is
     * refused with an {@link io.albis.error.InvalidOptionException} naming the table and the string.
     */
    public AlbisWriter writer(String partition) {
        if (lastWriter != null && partition != null && partition.equals(lastPartition)) {
            return lastWriter;
        }
        checkOpen();
        AlbisWriter w = open.get(partition);
        if (w == null) {
            w = AlbisWriter.ofPartition(storage, schema, task, partition, this, null, false).withAllocator(allocator);
            open.put(partition, w);
        }
        lastPartition = partition;
        lastWriter = w;
        return w;
    }

    /** The partitions with a writer open now. */
    public Set<String> openPartitions() {
        return Collections.unmodifiableSet(open.keySet());
    }

    /**
     * Ends the rows of {@code partition} for now: its last row group is completed and its buffers go
     * back. Its rows commit with the task. Nothing happens for a partition without an open writer.
     */
    public void endPartition(String partition) throws IOException {
        AlbisWriter w = open.get(partition);
        if (w != null) {
            endPartition(w);
        }
    }

    /** Ends {@code w}'s rows (its {@code close()}); on failure the whole task is aborted and the failure thrown. */
    void endPartition(AlbisWriter w) throws IOException {
        if (open.get(w.partition()) != w) {
            return; // ended before, or the task is over
        }
        try {
            w.endRows();
        } catch (IOException | RuntimeException e) {
            abortQuietly(e);
            throw e;
        }
        open.remove(w.partition());
        if (lastWriter == w) {
            lastWriter = null;
            lastPartition = null;
        }
    }

    /**
     * Completes every open partition's last row group and commits the task: every row group of
     * every partition becomes part of the job in one manifest (once, however many attempts of the
     * task commit). Repeated calls return the same outcome. On failure the task is aborted.
     */
    public TaskCommit commit() throws IOException {
        if (task.committed() != null) {
            return task.committed();
        }
        checkOpen();
        try {
            for (AlbisWriter w : new ArrayList<>(open.values())) {
                w.endRows();
            }
            open.clear();
            lastWriter = null;
            lastPartition = null;
            return task.commit();
        } catch (IOException | RuntimeException e) {
            abortQuietly(e);
            throw e;
        }
    }

    /** Commits the task ({@link #commit()}). */
    @Override
    public void close() throws IOException {
        commit();
    }

    /**
     * Drops every partition's writer and removes the row groups the task wrote; nothing of it
     * becomes part of the job. Best effort: what stays is invisible, and the job's end removes it.
     * Without effect after the task committed.
     */
    public void abort() {
        abortQuietly(null);
    }

    private void abortQuietly(Throwable cause) {
        if (aborted || task.committed() != null) {
            return;
        }
        aborted = true;
        List<AlbisWriter> writers = new ArrayList<>(open.values());
        open.clear();
        lastWriter = null;
        lastPartition = null;
        for (AlbisWriter w : writers) {
            w.abortQuietly(cause); // its removeWritten comes back here, and finds the task aborted
        }
        try {
            task.removeUncommitted();
        } catch (IOException | RuntimeException e) {
            if (cause != null) {
                cause.addSuppressed(e);
            }
        }
    }

    private void checkOpen() {
        if (aborted) {
            throw new IllegalStateException("the task writer of " + task.job().table() + " was aborted");
        }
        if (task.committed() != null) {
            throw new IllegalStateException("the task writer of " + task.job().table() + " has committed");
        }
    }
}
