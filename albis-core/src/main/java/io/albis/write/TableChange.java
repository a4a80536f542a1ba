package io.albis.write;

import io.albis.error.CommitConflictException;
import io.albis.error.InvalidOptionException;
import io.albis.error.NotAnAlbisTableException;
import io.albis.layout.FormatVersion;
import io.albis.layout.PartitionPath;
import io.albis.layout.RowGroupLayout;
import io.albis.layout.TableLayout;
import io.albis.schema.ColumnGroup;
import io.albis.schema.Schema;
import io.albis.schema.SchemaChanges;
import io.albis.storage.Storage;
import io.albis.table.Retention;
import io.albis.table.SchemaStore;
import io.albis.table.TableCleaner;
import io.albis.table.TableState;
import io.albis.table.TableStates;
import io.albis.table.WriteMode;
import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * A change of a table's schema (docs/FORMAT.md, "Schema changes"): rename, add or drop columns,
 * re-group. It publishes the next schema version first, which claims the version and the ids of
 * its new column groups; then the new groups' files are written for every row group of the state
 * it began from ({@link #writer}, in any thread, process or machine); {@link #commit()} publishes
 * the next table state, naming the new schema and the same row groups, in one atomic step. A
 * reader sees the old schema with the old files or the new one with the new files, never a mix.
 *
 * <p>It commits as an overwrite does: only if no other commit happened since it began (an append
 * that landed meanwhile would lack the new groups' files), else {@link CommitConflictException}
 * and nothing of it stays. Used by one thread (the driver).
 */
public final class TableChange {
    /** A commit that keeps losing the race to commits of properties gives up after this many tries. */
    private static final int MAX_PUBLISH_ATTEMPTS = 1000;

    private final Storage storage;
    private final ChangeDescriptor change;
    private final Schema base;
    private final Schema schema;
    private final TableState baseState;
    private final List<ColumnGroup> newGroups;
    private final Retention retention;
    /** What the state records the change did, for the table's history. */
    private final String operation;
    private CommitResult committed;
    private boolean aborted;

    private TableChange(Storage storage, ChangeDescriptor change, Schema base, Schema schema, TableState baseState,
            Retention retention, String operation) {
        this.storage = storage;
        this.change = change;
        this.base = base;
        this.schema = schema;
        this.baseState = baseState;
        this.newGroups = SchemaChanges.newGroups(base, schema);
        this.retention = retention;
        this.operation = operation;
    }

    /** {@link #begin(Storage, String, UnaryOperator, WriterOptions, Retention, String)} recording the operation "CHANGE SCHEMA". */
    public static TableChange begin(Storage storage, String table, UnaryOperator<Schema> edit, WriterOptions options,
            Retention retention) throws IOException {
        return begin(storage, table, edit, options, retention, "CHANGE SCHEMA");
    }

    /**
     * Begins a change of the table's latest state: {@code edit} turns its schema into the next one
     * (raising the version by one, as {@link SchemaChanges}' edits do), which is published at once.
     * Throws {@link CommitConflictException} if another change published that schema version first.
     * {@code operation} is what the table's history shows the change did (e.g. {@code "ADD COLUMNS"}).
     */
    public static TableChange begin(Storage storage, String table, UnaryOperator<Schema> edit, WriterOptions options,
            Retention retention, String operation) throws IOException {
        TableState.requireOperation(operation);
        if (!storage.isDirectory(table)) {
            throw new NotAnAlbisTableException(table, -1, "no such table directory");
        }
        List<String> names = storage.list(table);
        int baseVersion = TableStates.latestVersion(names);
        if (baseVersion == 0) {
            throw new InvalidOptionException(table + " has no table state (a format 1.0 table, or one whose creation has"
                    + " not committed): this version changes only tables of format " + FormatVersion.CURRENT.major()
                    + ".x; convert it into a new table");
        }
        TableState state = TableStates.read(storage, table, baseVersion);
        if (state.layout() != RowGroupLayout.current()) {
            throw new InvalidOptionException(table + " is a format " + state.format() + " table (row groups in"
                    + " directories): this version changes only format " + FormatVersion.CURRENT.major() + ".x tables;"
                    + " overwrite it or copy its rows into a new table first");
        }
        Schema base = SchemaStore.read(storage, table, state.schemaVersion());
        // Versions and ids above every schema file, committed or not, so nothing is ever reused.
        int highest = SchemaStore.latestVersion(names);
        Schema top = highest == base.version() ? base : SchemaStore.read(storage, table, highest);
        Schema from = SchemaChanges.renumbered(base, highest, top.nextColumnId(), top.nextGroupId());
        Schema next = edit.apply(from);
        if (next.version() != highest + 1) {
            throw new IllegalStateException("a schema edit must raise the version by one, from " + highest + " to "
                    + next.version());
        }
        String id = publishSchemaOfNewJob(storage, table, next, "change");
        ChangeDescriptor d = new ChangeDescriptor(table, id, baseVersion, base.version(), next.version(), options);
        return new TableChange(storage, d, base, next, state, retention, operation);
    }

    /**
     * Publishes {@code next} as the table's next schema version for a new job (a change, or a job
     * that replaces the table), whose id it returns: the job's directory first, so that while it is
     * there the cleaner keeps the schema and the files written with it. If another change published
     * that version first, the directory goes and a {@link CommitConflictException} says so.
     */
    static String publishSchemaOfNewJob(Storage storage, String table, Schema next, String what) throws IOException {
        String id = TableLayout.newJobId(System.currentTimeMillis());
        String jobDir = storage.resolve(table, TableLayout.jobDirName(id));
        storage.mkdirs(jobDir);
        try {
            SchemaStore.publish(storage, table, next);
        } catch (java.util.ConcurrentModificationException e) {
            storage.delete(jobDir);
            throw new CommitConflictException("another change of " + table + " published schema version "
                    + next.version() + " first; nothing of this " + what + " was kept, run it again");
        } catch (IOException | RuntimeException e) {
            storage.delete(jobDir);
            throw e;
        }
        return id;
    }

    public ChangeDescriptor descriptor() {
        return change;
    }

    /** The schema of the state the change began from. */
    public Schema base() {
        return base;
    }

    /** The schema the change publishes. */
    public Schema schema() {
        return schema;
    }

    /** The state the change began from: its row groups get the new groups' files. */
    public TableState baseState() {
        return baseState;
    }

    /** The groups whose files every row group needs before the commit; empty for a change of the schema only. */
    public List<ColumnGroup> newGroups() {
        return newGroups;
    }

    /**
     * A writer of the new groups' files of one row group of the base state (its name, rows and
     * partition, as the base state lists it): rows in the row group's order, exactly its row count.
     */
    public static NewColumnGroupsWriter writer(Storage storage, ChangeDescriptor change, TableState.Entry rowGroup)
            throws IOException {
        Schema base = SchemaStore.read(storage, change.table(), change.baseSchemaVersion());
        Schema next = SchemaStore.read(storage, change.table(), change.schemaVersion());
        return NewColumnGroupsWriter.open(storage, change.table(), next, SchemaChanges.newGroups(base, next), rowGroup,
                change.options());
    }

    /** {@link #writer(Storage, ChangeDescriptor, TableState.Entry)} of the base state's row group at {@code index}. */
    public static NewColumnGroupsWriter writer(Storage storage, ChangeDescriptor change, int index) throws IOException {
        List<TableState.Entry> rowGroups = TableStates.read(storage, change.table(), change.baseVersion()).rowGroups();
        if (index < 0 || index >= rowGroups.size()) {
            throw new InvalidOptionException("state " + change.baseVersion() + " of " + change.table() + " has "
                    + rowGroups.size() + " row groups; there is no row group " + index);
        }
        return writer(storage, change, rowGroups.get(index));
    }

    /** {@link #writer(Storage, ChangeDescriptor, TableState.Entry)} with the schemas this driver holds. */
    public NewColumnGroupsWriter writer(TableState.Entry rowGroup) {
        return NewColumnGroupsWriter.open(storage, change.table(), schema, newGroups, rowGroup, change.options());
    }

    /**
     * Publishes the next table state: the new schema and the base state's row groups, with the
     * latest state's properties. Every row group must have the new groups' files by now. Commits of
     * properties alone that landed since the change began are no conflict (they keep the row groups
     * and the schema); any other commit is. A repeated call returns the same result.
     */
    public CommitResult commit() throws IOException {
        if (committed != null) {
            return committed;
        }
        if (aborted) {
            throw new IllegalStateException("change " + change.jobId() + " of " + change.table() + " was aborted");
        }
        String table = change.table();
        List<String> names = storage.list(table);
        int latest = TableStates.latestVersion(names);
        for (int tries = 0; ; tries++) {
            TableState mine = committedSince(latest);
            if (mine != null) {
                return finish(mine);
            }
            TableState current = rowsUnchangedSinceBase(latest);
            if (current == null || tries == MAX_PUBLISH_ATTEMPTS) {
                abortQuietly();
                throw conflict(latest);
            }
            if (tries == 0) {
                checkFilesWritten(names);
            }
            TableState next = new TableState(latest + 1, schema.version(), WriteMode.OVERWRITE, change.jobId(),
                    System.currentTimeMillis(), baseState.rowGroups(), operation, current.properties());
            if (TableStates.publish(storage, table, next)) {
                return finish(next);
            }
            // Someone else's commit took that version: look again.
            latest = TableStates.latestVersion(storage.list(table));
        }
    }

    /**
     * The latest state, {@code latest}, if every state since the base changed properties alone (the
     * row groups and schema are the base's); else null.
     */
    private TableState rowsUnchangedSinceBase(int latest) throws IOException {
        TableState current = baseState;
        for (int v = change.baseVersion() + 1; v <= latest; v++) {
            current = TableStates.read(storage, change.table(), v);
            if (current.mode() != WriteMode.PROPERTIES) {
                return null;
            }
        }
        return current;
    }

    /**
     * After {@code failure} of this change's work: if another commit has landed since the change
     * began, the change had lost its race anyway (and a cleaner may have removed what its tasks
     * were reading), so that is what it reports: a {@link CommitConflictException} caused by the
     * failure. Otherwise returns and the caller rethrows the failure.
     */
    public void throwIfOvertaken(Exception failure) {
        if (failure instanceof CommitConflictException) {
            return;
        }
        try {
            int latest = TableStates.latestVersion(storage.list(change.table()));
            if (committedSince(latest) == null && rowsUnchangedSinceBase(latest) == null) {
                CommitConflictException e = conflict(latest);
                e.initCause(failure);
                throw e;
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof CommitConflictException c) {
                throw c;
            }
            failure.addSuppressed(e);
        }
    }

    private CommitConflictException conflict(int latest) {
        return new CommitConflictException("change " + change.jobId() + " of " + change.table() + " began at table state "
                + change.baseVersion() + " but state " + latest + " has been committed since; nothing of this change"
                + " was published, run it again");
    }

    private TableState committedSince(int latest) throws IOException {
        for (int v = latest; v > change.baseVersion(); v--) {
            TableState s = TableStates.read(storage, change.table(), v);
            if (s.jobId().equals(change.jobId())) {
                return s;
            }
        }
        return null;
    }

    /**
     * Refuses to publish a schema whose groups some row group lacks: a reader would find the table
     * damaged. {@code names}: the table directory's listing; each partition directory of the base
     * state is listed once.
     */
    private void checkFilesWritten(List<String> names) throws IOException {
        if (newGroups.isEmpty()) {
            return;
        }
        Map<String, Set<String>> present = new HashMap<>();
        for (String partition : baseState.partitions()) {
            List<String> listing = partition.isEmpty() ? names
                    : storage.list(PartitionPath.directory(storage, change.table(), partition));
            present.put(partition, new HashSet<>(listing));
        }
        for (TableState.Entry rg : baseState.rowGroups()) {
            for (ColumnGroup g : newGroups) {
                for (String kind : List.of(TableLayout.DATA_FILE, TableLayout.META_FILE)) {
                    String f = TableLayout.columnGroupFileName(rg.name(), g.id(), kind);
                    if (!present.get(rg.partition()).contains(f)) {
                        throw new IllegalStateException("change " + change.jobId() + " of " + change.table()
                                + " cannot commit: " + PartitionPath.relative(rg.partition(), f) + " of new column group '"
                                + g.name() + "' was not written;"
                                + " write every row group's new groups first, or abort");
                    }
                }
            }
        }
    }

    private CommitResult finish(TableState published) {
        long rows = published.rowCount();
        committed = new CommitResult(published.version(), published.rowGroups().size(), rows);
        try {
            storage.delete(storage.resolve(change.table(), TableLayout.jobDirName(change.jobId())));
            TableCleaner.clean(storage, change.table(), retention, System.currentTimeMillis(), published);
        } catch (IOException | RuntimeException ignored) {
            // The commit stands; what is left over is invisible, and the next commit or repair removes it.
        }
        return committed;
    }

    /**
     * Removes the new groups' files, the schema version it published and its job directory;
     * refused once the change has committed. What a failure leaves is removed by repair.
     */
    public void abort() throws IOException {
        if (committed != null) {
            throw new IllegalStateException("change " + change.jobId() + " of " + change.table() + " has committed");
        }
        String table = change.table();
        int latest = TableStates.latestVersion(storage.list(table));
        if (committedSince(latest) != null) {
            throw new IllegalStateException("change " + change.jobId() + " of " + table + " has committed; it cannot be"
                    + " aborted");
        }
        aborted = true;
        for (TableState.Entry rg : baseState.rowGroups()) {
            String path = storage.resolve(table, rg.relativePath());
            for (ColumnGroup g : newGroups) {
                storage.delete(RowGroupLayout.FLAT.dataPath(storage, path, g.id()));
                storage.delete(RowGroupLayout.FLAT.metadataPath(storage, path, g.id()));
            }
        }
        // The schema goes after the files: while it is there its group ids stay taken.
        storage.delete(storage.resolve(table, TableLayout.schemaName(schema.version())));
        storage.delete(storage.resolve(table, TableLayout.jobDirName(change.jobId())));
    }

    private void abortQuietly() {
        try {
            abort();
        } catch (IOException | RuntimeException ignored) {
            // Whatever is left is invisible (no state names the schema); repair removes it.
        }
    }
}
