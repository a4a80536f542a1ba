package io.albis.write;

import io.albis.error.CommitConflictException;
import io.albis.error.InvalidOptionException;
import io.albis.error.NotAnAlbisTableException;
import io.albis.layout.FormatVersion;
import io.albis.layout.RowGroupLayout;
import io.albis.layout.TableLayout;
import io.albis.storage.Storage;
import io.albis.storage.Storages;
import io.albis.table.Retention;
import io.albis.table.RowGroupFiles;
import io.albis.table.SchemaStore;
import io.albis.table.SmallFiles;
import io.albis.table.TableCleaner;
import io.albis.table.TableState;
import io.albis.table.TableStateCodec;
import io.albis.table.TableStates;
import io.albis.table.WriteMode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A write job: many task writers produce row groups no reader sees; {@link #commit()} publishes
 * every committed task's row groups in one atomic step (the next table state), {@link #abort()}
 * removes them. The protocol is in docs/FORMAT.md, "Table state and commits".
 *
 * <pre>
 * WriteJob job = WriteJob.begin(storage, table, WriteMode.APPEND, WriterOptions.defaults());
 * // on any thread, process or machine, per task and attempt:
 * try (AlbisWriter w = AlbisWriter.forTask(job.descriptor(), task, attempt)) { ... w.nextRow(); }  // close commits the task
 * job.commit();   // or job.abort()
 * </pre>
 *
 * A job object is used by one thread (the driver); task writers need only its {@link #descriptor()}.
 */
public final class WriteJob {
    /** A commit that keeps losing the race to publish gives up after this many tries. */
    private static final int MAX_PUBLISH_ATTEMPTS = 1000;

    private final Storage storage;
    private final JobDescriptor job;
    private CommitResult committed;
    private boolean aborted;
    /** A create job that made the table's directory removes it again when it aborts. */
    private boolean createdDirectory;

    private WriteJob(Storage storage, JobDescriptor job) {
        this.storage = storage;
        this.job = job;
    }

    /**
     * Begins a job that appends to or overwrites an existing table. Appending to a table whose
     * latest state is of a format before 4.0 (row groups in directories) is refused; overwriting it
     * is not, since the new state lists only the job's row groups.
     */
    public static WriteJob begin(Storage storage, String table, WriteMode mode, WriterOptions options)
            throws IOException {
        return begin(storage, table, mode, options, Retention.DEFAULT);
    }

    public static WriteJob begin(String table, WriteMode mode) throws IOException {
        return begin(Storages.forPath(table), table, mode, WriterOptions.defaults());
    }

    public static WriteJob begin(Storage storage, String table, WriteMode mode, WriterOptions options,
            Retention retention) throws IOException {
        if (mode == WriteMode.CREATE) {
            throw new InvalidOptionException("a job that creates a table is begun by AlbisWriter.create");
        }
        if (!storage.isDirectory(table)) {
            throw new NotAnAlbisTableException(table, -1, "no such table directory");
        }
        List<String> names = storage.list(table);
        int base = TableStates.latestVersion(names);
        int schemaVersion;
        if (base == 0) {
            for (String n : names) {
                if (TableLayout.rowGroupIndex(n) >= 0) {
                    throw new InvalidOptionException(table + " is a format 1.0 table (row groups without a table state):"
                            + " this version reads it but does not write to it; convert it into a new table");
                }
            }
            schemaVersion = SchemaStore.latestVersion(names);
            if (schemaVersion < 0) {
                throw new NotAnAlbisTableException(table, -1, "not an Albis table: no schema file in the directory");
            }
        } else {
            TableState latest = TableStates.read(storage, table, base);
            if (mode == WriteMode.APPEND && latest.layout() != RowGroupLayout.current()) {
                // Its row groups are directories; a 4.0 state listing them and new flat ones would
                // need two layouts in one state. An overwrite lists only new row groups, so it may go on.
                throw new InvalidOptionException(table + " is a format " + latest.format() + " table (row groups in"
                        + " directories): this version reads it but appends only to format " + FormatVersion.CURRENT.major()
                        + ".x tables; overwrite it (which writes " + FormatVersion.CURRENT + ") or copy its rows into a"
                        + " new table");
            }
            schemaVersion = latest.schemaVersion();
        }
        return start(storage, table, mode, base, schemaVersion, options, retention);
    }

    /**
     * The job of a table being created: it publishes the table's first state, with or without rows;
     * until then the table is not one. {@code createdDirectory}: the caller made the directory.
     */
    static WriteJob beginCreate(Storage storage, String table, int schemaVersion, WriterOptions options,
            boolean createdDirectory) throws IOException {
        WriteJob job = start(storage, table, WriteMode.CREATE, 0, schemaVersion, options, Retention.DEFAULT);
        job.createdDirectory = createdDirectory;
        return job;
    }

    private static WriteJob start(Storage storage, String table, WriteMode mode, int base, int schemaVersion,
            WriterOptions options, Retention retention) throws IOException {
        String id = TableLayout.newJobId(System.currentTimeMillis());
        storage.mkdirs(storage.resolve(table, TableLayout.jobDirName(id)));
        return new WriteJob(storage, new JobDescriptor(table, id, mode, base, schemaVersion, options, retention));
    }

    /** Takes over a job another driver began (for example after a driver restart): commit or abort it. */
    public static WriteJob resume(Storage storage, JobDescriptor job) {
        return new WriteJob(storage, job);
    }

    public JobDescriptor descriptor() {
        return job;
    }

    public String id() {
        return job.jobId();
    }

    /** A task writer of this job in this process. */
    public AlbisWriter newTask(int task, int attempt) throws IOException {
        return AlbisWriter.forTask(storage, job, task, attempt);
    }

    /**
     * Publishes every committed task's row groups as the next table state, in task order. Calling it
     * again, or after a commit whose outcome was lost to a failure, returns the same result without
     * publishing twice. Throws {@link CommitConflictException} when an overwrite finds a commit it did
     * not see, or an append finds the table overwritten or its schema changed since the job began.
     */
    public CommitResult commit() throws IOException {
        if (committed != null) {
            return committed;
        }
        if (aborted) {
            throw new IllegalStateException("job " + job.jobId() + " on " + job.table() + " was aborted");
        }
        String table = job.table();
        String jobDir = TableLayout.jobDirName(job.jobId());
        List<TableState.Entry> added = null;
        for (int tries = 0; tries < MAX_PUBLISH_ATTEMPTS; tries++) {
            List<String> names = storage.list(table);
            int latest = TableStates.latestVersion(names);
            TableState current = latest > 0 ? TableStates.read(storage, table, latest) : null;
            TableState mine = committedSince(latest, current);
            if (mine != null) {
                return finish(mine.version(), mine);
            }
            if (added == null) {
                if (!names.contains(jobDir)) {
                    throw new IllegalStateException("job " + job.jobId() + " on " + table + " is over: its directory "
                            + jobDir + " is gone (aborted, or removed as abandoned) and no table state lists it");
                }
                added = taskRowGroups();
            }
            checkConflicts(latest, current);
            List<TableState.Entry> rgs = new ArrayList<>();
            if (job.mode() != WriteMode.OVERWRITE && current != null) {
                rgs.addAll(current.rowGroups());
            }
            rgs.addAll(added);
            TableState next = new TableState(latest + 1, job.schemaVersion(), job.mode(), job.jobId(),
                    System.currentTimeMillis(), rgs);
            if (TableStates.publish(storage, table, next)) {
                return finish(next.version(), next);
            }
            // Another commit published that version first: look again.
        }
        throw new CommitConflictException("job " + job.jobId() + " could not publish a table state of " + table
                + " in " + MAX_PUBLISH_ATTEMPTS + " tries: other commits kept publishing first");
    }

    /** The state this job published between its base and {@code latest}, if an earlier call committed it. */
    private TableState committedSince(int latest, TableState current) throws IOException {
        for (int v = latest; v > job.baseVersion(); v--) {
            TableState s = v == latest ? current : TableStates.read(storage, job.table(), v);
            if (s.jobId().equals(job.jobId())) {
                return s;
            }
        }
        return null;
    }

    private void checkConflicts(int latest, TableState current) throws IOException {
        if (latest == job.baseVersion()) {
            return;
        }
        if (job.mode() == WriteMode.OVERWRITE) {
            throw new CommitConflictException(job.mode() + " job " + job.jobId() + " on " + job.table()
                    + " began at table state " + job.baseVersion() + " but state " + latest
                    + " has been committed since; nothing of this job was published, abort it and run it again");
        }
        for (int v = job.baseVersion() + 1; v <= latest; v++) {
            TableState s = v == latest ? current : TableStates.read(storage, job.table(), v);
            // Creating a table and appending both only add row groups, so they commute.
            if (s.mode() == WriteMode.OVERWRITE || s.schemaVersion() != job.schemaVersion()) {
                throw new CommitConflictException(job.mode() + " job " + job.jobId() + " on " + job.table()
                        + " began at table state " + job.baseVersion() + ", but state " + v + " (" + s.mode()
                        + ", schema version " + s.schemaVersion() + ") changed the table since; nothing of this job"
                        + " was published, abort it and run it again");
            }
        }
    }

    /** The committed tasks' row groups, in task order. */
    private List<TableState.Entry> taskRowGroups() throws IOException {
        String dir = storage.resolve(job.table(), TableLayout.jobDirName(job.jobId()));
        List<TableState.Entry> out = new ArrayList<>();
        List<String> names = new ArrayList<>(storage.list(dir));
        names.removeIf(n -> TableLayout.taskNumber(n) < 0);
        names.sort(null);
        for (String n : names) {
            String path = storage.resolve(dir, n);
            out.addAll(SmallFiles.read(storage, path, TableStateCodec.MAX_BYTES, TableStateCodec::decodeManifest)
                    .rowGroups());
        }
        return out;
    }

    /** After the publish: the job's directory and whatever else is garbage now go (best effort). */
    private CommitResult finish(int version, TableState published) {
        long rows = 0;
        int rgs = 0;
        for (TableState.Entry e : published.rowGroups()) {
            if (TableLayout.rowGroupJob(e.name()).equals(job.jobId())) {
                rows += e.rows();
                rgs++;
            }
        }
        committed = new CommitResult(version, rgs, rows);
        try {
            storage.delete(storage.resolve(job.table(), TableLayout.jobDirName(job.jobId())));
            TableCleaner.clean(storage, job.table(), job.retention(), System.currentTimeMillis(), published);
        } catch (IOException | RuntimeException ignored) {
            // The commit stands; leftovers are invisible and the next commit or repair removes them.
        }
        return committed;
    }

    /**
     * Removes the job's row groups and manifests; nothing of it becomes visible. An abort marker is
     * written first, so whatever a failed abort leaves behind is removed by the next commit or repair.
     * Refused for a job that has committed.
     */
    public void abort() throws IOException {
        if (committed != null) {
            throw new IllegalStateException("job " + job.jobId() + " on " + job.table() + " has committed");
        }
        String table = job.table();
        List<String> names = storage.list(table);
        int latest = TableStates.latestVersion(names);
        if (latest > job.baseVersion()
                && committedSince(latest, TableStates.read(storage, table, latest)) != null) {
            throw new IllegalStateException("job " + job.jobId() + " on " + table + " has committed; it cannot be"
                    + " aborted");
        }
        aborted = true;
        String marker = storage.resolve(table, TableLayout.abortedMarkerName(job.jobId()));
        if (!names.contains(TableLayout.abortedMarkerName(job.jobId()))) {
            storage.create(marker).close();
        }
        RowGroupFiles.delete(storage, table, names, rg -> job.jobId().equals(TableLayout.rowGroupJob(rg)));
        storage.delete(storage.resolve(table, TableLayout.jobDirName(job.jobId())));
        if (job.mode() == WriteMode.CREATE && latest == 0) {
            // The table never existed: its schema goes too, and the directory if the job made it.
            storage.delete(storage.resolve(table, TableLayout.schemaName(job.schemaVersion())));
        }
        storage.delete(marker);
        if (createdDirectory && storage.list(table).isEmpty()) {
            storage.delete(table);
        }
    }
}
