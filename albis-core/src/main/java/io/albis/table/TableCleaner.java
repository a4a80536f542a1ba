package io.albis.table;

import io.albis.layout.TableLayout;
import io.albis.storage.Storage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Removes what no reader can open and no writer will finish (docs/FORMAT.md, "Cleaning up"):
 * table states superseded longer than the snapshot retention ago, row groups no kept state
 * lists whose job is aborted, finished or abandoned, task manifests of such jobs, abort markers
 * with nothing left to remove, and old temporary files. Every commit runs it after publishing, and
 * {@code albis repair} runs it on demand. The schema of a table whose creating job is over
 * without a commit goes too. It never removes the latest state or anything a kept
 * state lists, so a crash at any point of it leaves the table as it was.
 */
public final class TableCleaner {
    private TableCleaner() {}

    /** What one cleaning removed, as names relative to the table directory (a 4.0 row group: each of its files). */
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
        // Oldest first: a state expires once its successor is older than the snapshot retention.
        int firstKept = 0;
        for (int i = 0; i + 1 < versions.size(); i++) {
            TableState successor = TableStates.read(storage, table, versions.get(i + 1));
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
        References referenced = new References(storage, table, versions.subList(firstKept, versions.size()), latest);
        Set<String> jobsLeft = new HashSet<>();
        for (String n : names) {
            // A row group's directory (2.0 to 3.x) or one of its files (4.0).
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
            if (referenced.contains(rowGroup)) {
                continue;
            }
            remove(storage, table, n, removed);
        }
        boolean liveJobs = !jobsLeft.isEmpty();
        for (String job : jobDirs) {
            boolean over = aborted.contains(job) || TableLayout.jobStartMillis(job) <= abandonedBefore;
            if (over) {
                remove(storage, table, TableLayout.jobDirName(job), removed);
            } else {
                liveJobs = true;
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
            if (!jobsLeft.contains(job)) {
                remove(storage, table, TableLayout.abortedMarkerName(job), removed);
            }
        }
        for (String n : names) {
            long made = TableLayout.tempNameMillis(n);
            boolean legacyTemp = n.startsWith(TableLayout.TEMP_PREFIX) && made < 0;
            if ((made >= 0 && made <= abandonedBefore) || (legacyTemp && retention.abandonedJobs().isZero())) {
                remove(storage, table, n, removed);
            }
        }
        return new Report(removed);
    }

    /** The row groups kept states list, read lazily: the latest state first, older kept ones only if needed. */
    private static final class References {
        private final Storage storage;
        private final String table;
        private final List<Integer> kept;
        private TableState latest;
        private Set<String> inLatest;
        private Set<String> inOlder;

        References(Storage storage, String table, List<Integer> kept, TableState latest) {
            this.storage = storage;
            this.table = table;
            this.kept = kept;
            int newest = kept.isEmpty() ? 0 : kept.get(kept.size() - 1);
            this.latest = latest != null && latest.version() == newest ? latest : null;
        }

        boolean contains(String rowGroup) throws IOException {
            if (kept.isEmpty()) {
                return false;
            }
            if (inLatest == null) {
                if (latest == null) {
                    latest = TableStates.read(storage, table, kept.get(kept.size() - 1));
                }
                inLatest = names(latest);
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

        private static Set<String> names(TableState s) {
            Set<String> out = new HashSet<>();
            for (TableState.Entry e : s.rowGroups()) {
                out.add(e.name());
            }
            return out;
        }
    }

    private static void remove(Storage storage, String table, String name, List<String> removed) throws IOException {
        storage.delete(storage.resolve(table, name));
        removed.add(name);
    }
}
