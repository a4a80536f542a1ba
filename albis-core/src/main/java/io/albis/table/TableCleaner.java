package io.albis.table;

import io.albis.layout.PartitionPath;
import io.albis.layout.TableLayout;
import io.albis.schema.ColumnGroup;
import io.albis.schema.Schema;
import io.albis.storage.Storage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Removes what no reader can open and no writer will finish (docs/FORMAT.md, "Cleaning up"):
 * table states superseded longer than the snapshot retention ago, row groups no kept state
 * lists whose job is aborted, finished or abandoned (in the table directory and in every partition
 * directory under it), task manifests of such jobs, abort markers with nothing left to remove,
 * old temporary files, and, when no writer runs (no abandoned-job retention), partition
 * directories left empty. Every commit runs it after publishing, and
 * {@code albis repair} runs it on demand. The schema of a table whose creating job is over
 * without a commit goes too, and so do schema versions of changes that never committed. It never removes the latest state or anything a kept
 * state lists, so a crash at any point of it leaves the table as it was.
 */
public final class TableCleaner {
    private TableCleaner() {}

    /**
     * What one cleaning removed, as paths relative to the table directory: a row group's files one
     * by one ({@code k=v/rg-….cg-00000000.data} in a partition), a partition directory left empty
     * as its path and a {@code /}.
     */
    public record Report(List<String> removed) {}

    public static Report clean(Storage storage, String table, Retention retention, long nowMillis) throws IOException {
        return clean(storage, table, retention, nowMillis, null);
    }

    /**
     * As {@link #clean(Storage, String, Retention, long)}, for a caller that has just read or
     * published {@code latest} (saves reading it again; ignored if a newer state is there by now).
     */
    public static Report clean(Storage storage, String table, Retention retention, long nowMillis, TableState latest)
            throws IOException {
        List<String> names = storage.list(table);
        List<String> removed = new ArrayList<>();
        List<Integer> versions = new ArrayList<>();
        for (String n : names) {
            int v = TableLayout.stateVersion(n);
            if (v > 0) {
                versions.add(v);
            }
        }
        versions.sort(null);
        // Only a table with more than one schema version can hold files of groups no schema lists.
        boolean evolved = names.stream().filter(n -> TableLayout.schemaVersion(n) >= 0).count() > 1;
        StateSchemas stateSchemas = new StateSchemas(storage, table, latest);
        if (evolved && versions.size() > 1) {
            // Before any state goes: the states are the evidence.
            for (int v : stateSchemas.neverCommittedBelowLatest(versions, names)) {
                remove(storage, table, TableLayout.schemaName(v), removed);
            }
        }
        // Oldest first: a state expires once its successor is older than the snapshot retention.
        int firstKept = 0;
        for (int i = 0; i + 1 < versions.size(); i++) {
            TableState successor = stateSchemas.read(versions.get(i + 1));
            if (nowMillis - successor.commitMillis() < retention.snapshots().toMillis()) {
                break;
            }
            remove(storage, table, TableLayout.stateName(versions.get(i)), removed);
            firstKept = i + 1;
        }
        Set<String> jobDirs = new HashSet<>();
        Set<String> aborted = new HashSet<>();
        for (String n : names) {
            String job = TableLayout.jobOf(n, TableLayout.JOB_PREFIX);
            if (job != null) {
                jobDirs.add(job);
            }
            job = TableLayout.jobOf(n, TableLayout.ABORTED_PREFIX);
            if (job != null) {
                aborted.add(job);
            }
        }
        long abandonedBefore = nowMillis - retention.abandonedJobs().toMillis();
        boolean liveJobs = false;
        for (String job : jobDirs) {
            liveJobs |= !aborted.contains(job) && TableLayout.jobStartMillis(job) > abandonedBefore;
        }
        References referenced = new References(storage, table, versions.subList(firstKept, versions.size()), latest);
        Sweep sweep = new Sweep(storage, table, referenced, jobDirs, aborted, abandonedBefore, evolved, liveJobs,
                removed);
        sweep.rowGroups(table, PartitionPath.ROOT, names);
        List<PartitionDirectories.Directory> partitions = PartitionDirectories.mayHold(names)
                ? PartitionDirectories.under(storage, table, names, referenced.latestPartitions()) : List.of();
        for (PartitionDirectories.Directory d : partitions) {
            sweep.rowGroups(d.path(), d.partition(), d.names());
            sweep.temporaries(d.path(), d.partition(), d.names(), retention);
        }
        if (retention.abandonedJobs().isZero()) {
            // No writer runs (the caller says so): a partition directory left empty goes too.
            sweep.emptyDirectories(partitions);
        }
        for (String job : jobDirs) {
            if (aborted.contains(job) || TableLayout.jobStartMillis(job) <= abandonedBefore) {
                remove(storage, table, TableLayout.jobDirName(job), removed);
            }
        }
        if (!versions.isEmpty() && !liveJobs) {
            // Schema versions above the latest state's that no change is running for: published
            // by a change that never committed. Its group files went above, so its ids may be reused.
            int committedSchema = referenced.latest().schemaVersion();
            for (String n : names) {
                if (TableLayout.schemaVersion(n) > committedSchema) {
                    remove(storage, table, n, removed);
                }
            }
        }
        if (versions.isEmpty() && !liveJobs) {
            // A table whose creating job died before committing: its schema is all that is left.
            for (String n : names) {
                int v = TableLayout.schemaVersion(n);
                if (v >= 0 && SchemaStore.isUncommittedCreation(storage, table, v)) {
                    remove(storage, table, n, removed);
                }
            }
        }
        for (String job : aborted) {
            if (!sweep.jobsLeft.contains(job)) {
                remove(storage, table, TableLayout.abortedMarkerName(job), removed);
            }
        }
        sweep.temporaries(table, PartitionPath.ROOT, names, retention);
        return new Report(removed);
    }

    /**
     * Removes the row groups and temporary files of one directory at a time (the table's, or a
     * partition's) by the rules of {@link TableCleaner}, and remembers which jobs still have row
     * groups and how many entries each partition directory keeps.
     */
    private static final class Sweep {
        private final Storage storage;
        private final String table;
        private final References referenced;
        private final Set<String> jobDirs;
        private final Set<String> aborted;
        private final long abandonedBefore;
        private final boolean evolved;
        private final boolean liveJobs;
        private final List<String> removed;
        /** Jobs not over whose row groups stay: their abort markers stay too. */
        final Set<String> jobsLeft = new HashSet<>();
        /** Entries removed, by partition. */
        private final Map<String, Integer> removedIn = new HashMap<>();

        Sweep(Storage storage, String table, References referenced, Set<String> jobDirs, Set<String> aborted,
                long abandonedBefore, boolean evolved, boolean liveJobs, List<String> removed) {
            this.storage = storage;
            this.table = table;
            this.referenced = referenced;
            this.jobDirs = jobDirs;
            this.aborted = aborted;
            this.abandonedBefore = abandonedBefore;
            this.evolved = evolved;
            this.liveJobs = liveJobs;
            this.removed = removed;
        }

        /** Row groups among {@code names} (a listing of {@code dir}, the directory of {@code partition}). */
        void rowGroups(String dir, String partition, List<String> names) throws IOException {
            for (String n : names) {
                // A row group's directory (2.0 to 3.x) or one of its files (4.0 on).
                String rowGroup = TableLayout.rowGroupOf(n);
                if (rowGroup == null) {
                    continue;
                }
                String job = TableLayout.rowGroupJob(rowGroup);
                boolean jobOver = aborted.contains(job) || !jobDirs.contains(job)
                        || TableLayout.jobStartMillis(job) <= abandonedBefore;
                if (!jobOver) {
                    jobsLeft.add(job);
                    continue;
                }
                if (referenced.contains(PartitionPath.relative(partition, rowGroup))) {
                    TableLayout.ColumnGroupFile file = TableLayout.columnGroupFile(n);
                    if (file != null && evolved && referenced.isGarbageGroup(file.groupId(), liveJobs)) {
                        remove(dir, partition, n);
                    }
                    continue;
                }
                remove(dir, partition, n);
            }
        }

        /** Temporary names older than the abandoned-job retention among {@code names}. */
        void temporaries(String dir, String partition, List<String> names, Retention retention) throws IOException {
            for (String n : names) {
                long made = TableLayout.tempNameMillis(n);
                boolean legacyTemp = n.startsWith(TableLayout.TEMP_PREFIX) && made < 0;
                if ((made >= 0 && made <= abandonedBefore) || (legacyTemp && retention.abandonedJobs().isZero())) {
                    remove(dir, partition, n);
                }
            }
        }

        /** Partition directories with nothing left, deepest first (a parent may be left empty by its child). */
        void emptyDirectories(List<PartitionDirectories.Directory> partitions) throws IOException {
            for (int i = partitions.size() - 1; i >= 0; i--) {
                PartitionDirectories.Directory d = partitions.get(i);
                if (d.names().size() == removedIn.getOrDefault(d.partition(), 0)) {
                    int slash = d.partition().lastIndexOf('/');
                    String parent = slash < 0 ? PartitionPath.ROOT : d.partition().substring(0, slash);
                    storage.delete(d.path());
                    removed.add(d.partition() + "/");
                    removedIn.merge(parent, 1, Integer::sum);
                }
            }
        }

        private void remove(String dir, String partition, String name) throws IOException {
            storage.delete(storage.resolve(dir, name));
            removed.add(PartitionPath.relative(partition, name));
            removedIn.merge(partition, 1, Integer::sum);
        }
    }

    /**
     * The schema versions of the table states present, each state read once (the state a caller
     * has just read or published is not read again).
     */
    private static final class StateSchemas {
        private final Storage storage;
        private final String table;
        private final Map<Integer, Integer> schemaOf = new HashMap<>();

        StateSchemas(Storage storage, String table, TableState latest) {
            this.storage = storage;
            this.table = table;
            if (latest != null) {
                schemaOf.put(latest.version(), latest.schemaVersion());
            }
        }

        TableState read(int version) throws IOException {
            TableState s = TableStates.read(storage, table, version);
            schemaOf.put(version, s.schemaVersion());
            return s;
        }

        int schemaOf(int version) throws IOException {
            Integer known = schemaOf.get(version);
            return known != null ? known : read(version).schemaVersion();
        }

        /**
         * Schema versions published by changes that never committed and never will, found below
         * the latest state's schema: a change that died after publishing its schema, or lost a
         * race, and was followed by one that committed a higher version ({@code albis history}
         * would list it as a change the table went through). Committed schema versions never
         * decrease from one state to the next, so a version strictly between the schemas of two
         * consecutive states was never committed; and the change that published it listed the
         * table before the later of the two schemas existed, so it began from a state no later
         * than the earlier state and can no longer commit. Reads states from the latest back only
         * while there are such versions left to place (usually one read: the oldest state).
         *
         * @param versions the state versions present, ascending
         * @param names    the table directory's listing
         */
        List<Integer> neverCommittedBelowLatest(List<Integer> versions, List<String> names) throws IOException {
            int last = versions.size() - 1;
            int lowest = schemaOf(versions.get(0));
            int highest = schemaOf(versions.get(last));
            TreeSet<Integer> open = new TreeSet<>();
            for (String n : names) {
                int v = TableLayout.schemaVersion(n);
                if (v > lowest && v < highest) {
                    open.add(v);
                }
            }
            List<Integer> out = new ArrayList<>();
            // A gap in the state versions would hide the schema of a state that is gone: stop there.
            for (int i = last; i > 0 && !open.isEmpty() && versions.get(i - 1) == versions.get(i) - 1; i--) {
                int later = schemaOf(versions.get(i));
                int earlier = schemaOf(versions.get(i - 1));
                while (!open.isEmpty() && open.last() >= earlier) {
                    int v = open.pollLast();
                    if (v > earlier && v < later) {
                        out.add(v);
                    }
                }
            }
            return out;
        }
    }

    /**
     * The row groups kept states list, and the column groups of their schemas, read lazily: the
     * latest state first, older kept ones only if needed.
     */
    private static final class References {
        private final Storage storage;
        private final String table;
        private final List<Integer> kept;
        private TableState latest;
        private Set<String> inLatest;
        private Set<String> inOlder;
        private Schema latestSchema;
        private Set<Integer> groupsInLatest;
        private Set<Integer> groupsInOlder;

        References(Storage storage, String table, List<Integer> kept, TableState latest) {
            this.storage = storage;
            this.table = table;
            this.kept = kept;
            int newest = kept.isEmpty() ? 0 : kept.get(kept.size() - 1);
            this.latest = latest != null && latest.version() == newest ? latest : null;
        }

        TableState latest() throws IOException {
            if (latest == null) {
                latest = TableStates.read(storage, table, kept.get(kept.size() - 1));
            }
            return latest;
        }

        /** The partitions the latest kept state lists row groups in (none without a state). */
        Set<String> latestPartitions() throws IOException {
            return kept.isEmpty() ? Set.of() : latest().partitions();
        }

        /** Whether a kept state lists the row group at {@code rowGroup}, its path relative to the table. */
        boolean contains(String rowGroup) throws IOException {
            if (kept.isEmpty()) {
                return false;
            }
            if (inLatest == null) {
                inLatest = names(latest());
            }
            if (inLatest.contains(rowGroup)) {
                return true;
            }
            if (inOlder == null) {
                inOlder = new HashSet<>();
                for (int v : kept.subList(0, kept.size() - 1)) {
                    inOlder.addAll(names(TableStates.read(storage, table, v)));
                }
            }
            return inOlder.contains(rowGroup);
        }

        /**
         * Whether the files of column group {@code id} of a listed row group are garbage: no kept
         * state's schema lists the group, and no change can still commit it. A change that can
         * still commit began at the latest state, so its new groups' ids are at least that
         * schema's next group id, and its job directory is there ({@code liveJobs}).
         */
        boolean isGarbageGroup(int id, boolean liveJobs) throws IOException {
            if (groupsInLatest == null) {
                latestSchema = SchemaStore.read(storage, table, latest().schemaVersion());
                groupsInLatest = groupIds(latestSchema);
            }
            if (groupsInLatest.contains(id)) {
                return false;
            }
            if (groupsInOlder == null) {
                groupsInOlder = new HashSet<>();
                for (int v : kept.subList(0, kept.size() - 1)) {
                    int schemaVersion = TableStates.read(storage, table, v).schemaVersion();
                    if (schemaVersion != latestSchema.version()) {
                        groupsInOlder.addAll(groupIds(SchemaStore.read(storage, table, schemaVersion)));
                    }
                }
            }
            return !groupsInOlder.contains(id) && (id < latestSchema.nextGroupId() || !liveJobs);
        }

        private static Set<Integer> groupIds(Schema s) {
            Set<Integer> out = new HashSet<>();
            for (ColumnGroup g : s.groups()) {
                out.add(g.id());
            }
            return out;
        }

        private static Set<String> names(TableState s) {
            Set<String> out = new HashSet<>();
            for (TableState.Entry e : s.rowGroups()) {
                out.add(e.relativePath());
            }
            return out;
        }
    }

    private static void remove(Storage storage, String table, String name, List<String> removed) throws IOException {
        storage.delete(storage.resolve(table, name));
        removed.add(name);
    }
}
