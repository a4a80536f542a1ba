package io.albis.write;

import io.albis.error.CommitConflictException;
import io.albis.error.InvalidOptionException;
import io.albis.error.NotAnAlbisTableException;
import io.albis.layout.FormatVersion;
import io.albis.layout.PartitionPath;
import io.albis.layout.RowGroupLayout;
import io.albis.layout.TableLayout;
import io.albis.schema.Schema;
import io.albis.schema.SchemaChanges;
import io.albis.storage.Storage;
import io.albis.storage.Storages;
import io.albis.table.PartitionDirectories;
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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A write job: many task writers produce row groups no reader sees; {@link #commit()} publishes
 * every committed task's row groups in one atomic step (the next table state), {@link #abort()}
 * removes them. The protocol is in docs/FORMAT.md, "Table state and commits"; what the commit keeps
 * of the table, which properties it sets and the operation it records are the job's
 * {@link CommitPlan}.
 *
 * <pre>
 * WriteJob job = WriteJob.begin(storage, table, WriteMode.APPEND, WriterOptions.defaults());
 * // on any thread, process or machine, per task and attempt:
 * try (AlbisWriter w = AlbisWriter.forTask(job.descriptor(), task, attempt)) { ... w.nextRow(); }  // close commits the task
 * // or, for rows of many partitions: PartitionedTaskWriter.open(job.descriptor(), task, attempt)
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
    /** The schema the job writes, when the driver has it at hand (it created or replaced it); else read when asked. */
    private final Schema schema;
    /** A job that replaces the table's schema published it: its abort removes it again. */
    private final boolean publishedSchema;
    private CommitResult committed;
    private boolean aborted;
    /** A create job that made the table's directory removes it again when it aborts. */
    private boolean createdDirectory;

    private WriteJob(Storage storage, JobDescriptor job, Schema schema, boolean publishedSchema) {
        this.storage = storage;
        this.job = job;
        this.schema = schema;
        this.publishedSchema = publishedSchema;
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
        return begin(storage, table, CommitPlan.of(mode), options, retention);
    }

    /**
     * Begins a job on an existing table that commits as {@code plan} says: append, overwrite, or
     * overwrite partitions (the ones the job writes, or the ones the plan names), with the plan's
     * property changes and operation. Every mode that keeps row groups of the table is refused on a
     * table whose latest state is of a format before 4.0 (row groups in directories).
     */
    public static WriteJob begin(Storage storage, String table, CommitPlan plan, WriterOptions options,
            Retention retention) throws IOException {
        if (plan.mode() == WriteMode.CREATE) {
            throw new InvalidOptionException("a job that creates a table is begun by WriteJob.create or"
                    + " AlbisWriter.create");
        }
        Base base = Base.of(storage, table, plan);
        if (!options.bloomFilterColumns().isEmpty()) {
            // refuse an unknown column here, on the driver, rather than in every task
            BloomFilterColumns.of(SchemaStore.read(storage, table, base.schemaVersion), options, table);
        }
        return start(storage, table, plan, base.version, base.schemaVersion, options, retention, null, false);
    }

    /**
     * Creates a table of {@code schema} (the directory may exist but must not hold a table) and
     * begins the job that publishes its first state, with or without rows, in partitions or not, with
     * the plan's properties ({@code plan}'s mode is {@link WriteMode#CREATE}). Until that commit the
     * table is not one; an abort leaves nothing, not even the schema, or the directory if this call
     * made it.
     */
    public static WriteJob create(Storage storage, String table, Schema schema, CommitPlan plan, WriterOptions options,
            Retention retention) throws IOException {
        if (plan.mode() != WriteMode.CREATE) {
            throw new InvalidOptionException("a job that creates a table commits as CREATE, not " + plan.mode());
        }
        BloomFilterColumns.of(schema, options, table);
        boolean made = !storage.exists(table);
        storage.mkdirs(table);
        for (String name : storage.list(table)) {
            if (TableLayout.schemaVersion(name) >= 0 || TableLayout.rowGroupIndex(name) >= 0) {
                throw new InvalidOptionException(table + " already holds an Albis table; append to it or delete it first");
            }
        }
        Schema v1 = schema.withVersion(1);
        SchemaStore.publish(storage, table, v1);
        WriteJob job = start(storage, table, plan, 0, v1.version(), options, retention, v1, false);
        job.createdDirectory = made;
        return job;
    }

    /**
     * Begins a job that replaces an existing table's rows and schema altogether (a table replaced
     * by a query): {@code schema} is published at once as the table's next schema version, with
     * column and group ids no schema of the table has used, and the commit publishes the job's
     * rows with it, as an overwrite ({@code plan}'s mode is {@link WriteMode#OVERWRITE}). Readers
     * see the old schema and rows until then; an abort removes the schema again. Throws
     * {@link CommitConflictException} when another change published that schema version first.
     */
    public static WriteJob replace(Storage storage, String table, Schema schema, CommitPlan plan,
            WriterOptions options, Retention retention) throws IOException {
        if (plan.mode() != WriteMode.OVERWRITE) {
            throw new InvalidOptionException("a job that replaces a table's schema commits as OVERWRITE, not "
                    + plan.mode());
        }
        BloomFilterColumns.of(schema, options, table);
        Base base = Base.of(storage, table, plan);
        int highest = SchemaStore.latestVersion(base.names);
        Schema next = SchemaChanges.replacement(schema, highest + 1, SchemaStore.read(storage, table, highest));
        String id = TableChange.publishSchemaOfNewJob(storage, table, next, "job");
        JobDescriptor d = new JobDescriptor(table, id, base.version, next.version(), options, retention, plan);
        return new WriteJob(storage, d, next, true);
    }

    /** The state a job begins from, and the listing that found it. */
    private record Base(int version, int schemaVersion, List<String> names) {
        static Base of(Storage storage, String table, CommitPlan plan) throws IOException {
            for (String p : plan.partitions()) {
                PartitionPath.require(table, p);
            }
            if (!storage.isDirectory(table)) {
                throw new NotAnAlbisTableException(table, -1, "no such table directory");
            }
            List<String> names = storage.list(table);
            int base = TableStates.latestVersion(names);
            if (base == 0) {
                for (String n : names) {
                    if (TableLayout.rowGroupIndex(n) >= 0) {
                        throw new InvalidOptionException(table + " is a format 1.0 table (row groups without a table"
                                + " state): this version reads it but does not write to it; convert it into a new table");
                    }
                }
                int schemaVersion = SchemaStore.latestVersion(names);
                if (schemaVersion < 0) {
                    throw new NotAnAlbisTableException(table, -1, "not an Albis table: no schema file in the directory");
                }
                return new Base(0, schemaVersion, names);
            }
            TableState latest = TableStates.read(storage, table, base);
            if (plan.mode() != WriteMode.OVERWRITE && latest.layout() != RowGroupLayout.current()) {
                // Its row groups are directories; a state listing them and new flat ones would need
                // two layouts in one state. An overwrite lists only new row groups, so it may go on.
                throw new InvalidOptionException(table + " is a format " + latest.format() + " table (row groups in"
                        + " directories): this version reads it but keeps row groups only of format 4.0 and later"
                        + " tables; overwrite it (which writes " + FormatVersion.CURRENT + ") or copy its rows into a"
                        + " new table");
            }
            return new Base(base, latest.schemaVersion(), names);
        }
    }

    private static WriteJob start(Storage storage, String table, CommitPlan plan, int base, int schemaVersion,
            WriterOptions options, Retention retention, Schema schema, boolean publishedSchema) throws IOException {
        String id = TableLayout.newJobId(System.currentTimeMillis());
        storage.mkdirs(storage.resolve(table, TableLayout.jobDirName(id)));
        JobDescriptor d = new JobDescriptor(table, id, base, schemaVersion, options, retention, plan);
        return new WriteJob(storage, d, schema, publishedSchema);
    }

    /** Takes over a job another driver began (for example after a driver restart): commit or abort it. */
    public static WriteJob resume(Storage storage, JobDescriptor job) {
        return new WriteJob(storage, job, null, false);
    }

    public JobDescriptor descriptor() {
        return job;
    }

    public String id() {
        return job.jobId();
    }

    /** The schema the job's rows are written with. */
    public Schema schema() throws IOException {
        return schema != null ? schema : SchemaStore.read(storage, job.table(), job.schemaVersion());
    }

    /** A task writer of this job in this process, writing into the table directory. */
    public AlbisWriter newTask(int task, int attempt) throws IOException {
        return AlbisWriter.forTask(storage, job, task, attempt);
    }

    /** A task writer of this job in this process, writing into any partition directories. */
    public PartitionedTaskWriter newPartitionedTask(int task, int attempt) throws IOException {
        return PartitionedTaskWriter.open(storage, job, task, attempt);
    }

    /**
     * Publishes every committed task's row groups as the next table state, in task order, after the
     * row groups the plan keeps of the latest state. Calling it again, or after a commit whose
     * outcome was lost to a failure, returns the same result without publishing twice. Throws
     * {@link CommitConflictException} when a job that replaces row groups finds a commit of rows it
     * did not see, or an append finds the table's rows replaced or its schema changed since the job
     * began. A partition overwrite that wrote no rows and replaces no row group of the latest state
     * (and changes no property) publishes nothing: its result names the latest state.
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
            List<TableState.Entry> kept = kept(current, added);
            int had = current == null ? 0 : current.rowGroups().size();
            if (job.mode().replaces() && job.mode() != WriteMode.OVERWRITE && added.isEmpty() && kept.size() == had
                    && job.plan().properties().isEmpty()) {
                return finish(latest, current); // replaces nothing, adds nothing: nothing to publish
            }
            checkConflicts(latest, current);
            List<TableState.Entry> rgs = new ArrayList<>(kept);
            rgs.addAll(added);
            Map<String, String> properties = job.plan().properties().applyTo(current == null ? Map.of()
                    : current.properties());
            TableState next = new TableState(latest + 1, job.schemaVersion(), job.mode(), job.jobId(),
                    System.currentTimeMillis(), rgs, job.plan().operation(), properties);
            if (TableStates.publish(storage, table, next)) {
                return finish(next.version(), next);
            }
            // Another commit published that version first: look again.
        }
        throw new CommitConflictException("job " + job.jobId() + " could not publish a table state of " + table
                + " in " + MAX_PUBLISH_ATTEMPTS + " tries: other commits kept publishing first");
    }

    /** The row groups of {@code current} the commit keeps, in order: all, none, or those outside the replaced partitions. */
    private List<TableState.Entry> kept(TableState current, List<TableState.Entry> added) {
        if (current == null || job.mode() == WriteMode.OVERWRITE) {
            return List.of();
        }
        Set<String> replaced = switch (job.mode()) {
            case OVERWRITE_WRITTEN_PARTITIONS -> {
                Set<String> written = new HashSet<>();
                added.forEach(e -> written.add(e.partition()));
                yield written;
            }
            case OVERWRITE_PARTITIONS -> job.plan().partitions();
            default -> Set.of();
        };
        List<TableState.Entry> out = new ArrayList<>();
        for (TableState.Entry e : current.rowGroups()) {
            if (!replaced.contains(e.partition())) {
                out.add(e);
            }
        }
        return out;
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

    /**
     * Refuses the commit when a state after the base does not commute with this job: a commit of
     * properties alone commutes with every job (it keeps the rows and the schema); creates and
     * appends of the job's schema commute with an append or create; a job that replaces row groups
     * commutes with nothing else.
     */
    private void checkConflicts(int latest, TableState current) throws IOException {
        for (int v = job.baseVersion() + 1; v <= latest; v++) {
            TableState s = v == latest ? current : TableStates.read(storage, job.table(), v);
            boolean commutes = s.mode() == WriteMode.PROPERTIES || (job.mode().onlyAdds() && s.mode().onlyAdds()
                    && s.schemaVersion() == job.schemaVersion());
            if (!commutes) {
                throw new CommitConflictException(job.mode() + " job " + job.jobId() + " on " + job.table()
                        + " began at table state " + job.baseVersion() + ", but state " + v + " (" + s.mode()
                        + ", schema version " + s.schemaVersion() + ") has been committed since; nothing of this job"
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

    /**
     * After the publish (or a commit that had nothing to publish: {@code published} is the latest
     * state then, or null): the job's directory and whatever else is garbage now go (best effort).
     */
    private CommitResult finish(int version, TableState published) {
        long rows = 0;
        int rgs = 0;
        if (published != null) {
            for (TableState.Entry e : published.rowGroups()) {
                if (TableLayout.rowGroupJob(e.name()).equals(job.jobId())) {
                    rows += e.rows();
                    rgs++;
                }
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
     * Removes the job's row groups (in every partition directory) and manifests; nothing of it
     * becomes visible. An abort marker is written first, so whatever a failed abort leaves behind
     * is removed by the next commit or repair. Refused for a job that has committed.
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
        Predicate<String> ofThisJob = rg -> job.jobId().equals(TableLayout.rowGroupJob(rg));
        RowGroupFiles.delete(storage, table, names, ofThisJob);
        List<PartitionDirectories.Directory> partitions = PartitionDirectories.under(storage, table, names, Set.of());
        for (PartitionDirectories.Directory d : partitions) {
            RowGroupFiles.delete(storage, d.path(), d.names(), ofThisJob);
        }
        storage.delete(storage.resolve(table, TableLayout.jobDirName(job.jobId())));
        if (job.mode() == WriteMode.CREATE && latest == 0) {
            // The table never existed: its schema goes too, its partition directories (no one else
            // writes to a table being created), and the directory if the job made it.
            storage.delete(storage.resolve(table, TableLayout.schemaName(job.schemaVersion())));
            for (int i = partitions.size() - 1; i >= 0; i--) {
                String dir = partitions.get(i).path();
                if (storage.list(dir).isEmpty()) {
                    storage.delete(dir);
                }
            }
        } else if (publishedSchema) {
            // A replaced schema no state names yet: it goes after the row groups written with it.
            storage.delete(storage.resolve(table, TableLayout.schemaName(job.schemaVersion())));
        }
        storage.delete(marker);
        if (createdDirectory && storage.list(table).isEmpty()) {
            storage.delete(table);
        }
    }
}
