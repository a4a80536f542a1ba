package io.albis.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.error.CommitConflictException;
import io.albis.layout.TableLayout;
import io.albis.read.AlbisReader;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.storage.Storage;
import io.albis.table.AlbisTable;
import io.albis.table.Retention;
import io.albis.table.PropertyChange;
import io.albis.table.TableCleaner;
import io.albis.table.TableProperties;
import io.albis.table.TableVerifier;
import io.albis.table.WriteMode;
import io.albis.write.AlbisWriter;
import io.albis.write.CommitPlan;
import io.albis.write.CommitResult;
import io.albis.write.PartitionedTaskWriter;
import io.albis.write.TaskCommit;
import io.albis.write.WriteJob;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Job commits on one backend (docs/FORMAT.md, "Table state and commits"): task attempts counted
 * once, one atomic publish, abort, concurrent appends, overwrite conflicts, snapshots, and a
 * failure injected at every storage operation of task commit, job commit and abort (of an append
 * and of both partition overwrites, partitioned tasks included) and of a commit of properties,
 * after which the table reads as the old or the new state and verifies. A backend's test extends
 * this class.
 */
public abstract class JobCommitContract implements StorageUnderTest {
    /** Rows per task; a state's row count tells which commits it holds. */
    private static final int ROWS = 5;

    private final List<String> roots = new ArrayList<>();

    /** A fresh root, removed after the test (small clusters have few blocks to spare). */
    private String root() throws IOException {
        String r = freshRoot();
        roots.add(r);
        return r;
    }

    @org.junit.jupiter.api.AfterEach
    void removeTables() throws IOException {
        for (String r : roots) {
            storage().delete(r);
        }
    }

    private static Schema schema() {
        return Schema.builder().column("id", DataType.INT, false).column("s", DataType.STRING)
                .groups(Map.of("ids", List.of("id"))).build();
    }

    private static final WriterOptions OPTIONS = WriterOptions.defaults().withSegmentSize(4096);

    private static void rows(AlbisWriter w, int first, int count) throws IOException {
        for (int i = first; i < first + count; i++) {
            w.setInt(0, i);
            w.setString(1, "row " + i);
            w.nextRow();
        }
    }

    /** A new table holding rows [0, ROWS). */
    private String table(Storage storage) throws IOException {
        String t = root();
        try (AlbisWriter w = AlbisWriter.create(storage, t, schema(), OPTIONS)) {
            rows(w, 0, ROWS);
        }
        return t;
    }

    /** A job on a table: task 0 committed with rows [ROWS, 2 ROWS), task 1 holding rows [2 ROWS, 3 ROWS) uncommitted. */
    private record JobWithPendingTask(WriteJob job, AlbisWriter pending) {}

    private static JobWithPendingTask jobWithPendingTask(Storage storage, String t) throws IOException {
        WriteJob job = WriteJob.begin(storage, t, WriteMode.APPEND, OPTIONS);
        try (AlbisWriter w = job.newTask(0, 0)) {
            rows(w, ROWS, ROWS);
        }
        AlbisWriter pending = job.newTask(1, 0);
        rows(pending, 2 * ROWS, ROWS);
        return new JobWithPendingTask(job, pending);
    }

    /** What a fresh reader of the table sees: the ids in order and the latest state's properties. */
    private record Outcome(List<Integer> ids, Map<String, String> properties) {}

    private Outcome outcome(Storage storage, String t) throws IOException {
        return new Outcome(ids(storage, t), TableProperties.of(storage, t));
    }

    /**
     * A table and a job on it with one committed task and one written but not committed, and the
     * outcomes before the job commits and after.
     */
    private record Started(String table, WriteJob job, PendingTask pending, Outcome old, Outcome committed) {}

    /** A task written but not committed. */
    private interface PendingTask {
        void commit() throws IOException;

        void abort();
    }

    /** Makes a table and starts a job on it ({@link Started}). */
    private interface Scenario {
        Started start(Storage storage) throws IOException;
    }

    /** An append of two tasks, the first committed ({@link #jobWithPendingTask}). */
    private Started appendScenario(Storage storage) throws IOException {
        String t = table(storage);
        JobWithPendingTask started = jobWithPendingTask(storage, t);
        AlbisWriter w = started.pending();
        return new Started(t, started.job(), new PendingTask() {
            @Override
            public void commit() throws IOException {
                w.commitTask();
            }

            @Override
            public void abort() {
                w.abort();
            }
        }, new Outcome(range(0, ROWS), Map.of()), new Outcome(range(0, 3 * ROWS), Map.of()));
    }

    /** Writes rows [first, first + count), each into the partition {@code partitionOf} names, and ends the partitions in order. */
    private static void partitionedRows(PartitionedTaskWriter task, int first, int count,
            java.util.function.IntFunction<String> partitionOf) throws IOException {
        for (int i = first; i < first + count; i++) {
            if (i > first && !partitionOf.apply(i).equals(partitionOf.apply(i - 1))) {
                task.endPartition(partitionOf.apply(i - 1));
            }
            AlbisWriter w = task.writer(partitionOf.apply(i));
            w.setInt(0, i);
            w.setString(1, "row " + i);
            w.nextRow();
        }
    }

    /**
     * A table of rows [0, ROWS) in partitions p=0 (the first half) and p=1, and a job that replaces
     * partitions as {@code plan} says, with a property: task 0 committed with rows [ROWS, 2 ROWS) in
     * p=0 and p=2, task 1 holding rows [2 ROWS, 3 ROWS) in {@code pendingPartition}. {@code kept}:
     * the partition whose rows the commit keeps.
     */
    private Started partitionScenario(Storage storage, CommitPlan plan, String pendingPartition, String kept)
            throws IOException {
        String t = root();
        java.util.function.IntFunction<String> half = i -> i < ROWS / 2 ? "p=0" : "p=1";
        WriteJob create = WriteJob.create(storage, t, schema(), CommitPlan.of(WriteMode.CREATE), OPTIONS,
                Retention.DEFAULT);
        try (PartitionedTaskWriter task = create.newPartitionedTask(0, 0)) {
            partitionedRows(task, 0, ROWS, half);
        }
        create.commit();
        WriteJob job = WriteJob.begin(storage, t, plan.withProperties(PropertyChange.setting(Map.of("k", "v"))),
                OPTIONS, Retention.DEFAULT);
        try (PartitionedTaskWriter task = job.newPartitionedTask(0, 0)) {
            partitionedRows(task, ROWS, ROWS, i -> i < ROWS + 2 ? "p=0" : "p=2");
        }
        PartitionedTaskWriter pending = job.newPartitionedTask(1, 0);
        partitionedRows(pending, 2 * ROWS, ROWS, i -> pendingPartition);
        List<Integer> committed = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            if (half.apply(i).equals(kept)) {
                committed.add(i);
            }
        }
        committed.addAll(range(ROWS, 3 * ROWS));
        return new Started(t, job, new PendingTask() {
            @Override
            public void commit() throws IOException {
                pending.commit();
            }

            @Override
            public void abort() {
                pending.abort();
            }
        }, new Outcome(range(0, ROWS), Map.of()), new Outcome(committed, Map.of("k", "v")));
    }

    /** The ids a fresh reader sees, in order. */
    private List<Integer> ids(Storage storage, String t) throws IOException {
        List<Integer> out = new ArrayList<>();
        try (AlbisReader r = AlbisTable.open(storage, t).newReader()) {
            while (r.advance()) {
                out.add(r.getInt(0));
                assertEquals("row " + r.getInt(0), r.getString(1));
            }
        }
        return out;
    }

    private static List<Integer> range(int from, int to) {
        List<Integer> out = new ArrayList<>();
        for (int i = from; i < to; i++) {
            out.add(i);
        }
        return out;
    }

    private void assertVerifies(Storage storage, String t, String context) throws IOException {
        TableVerifier.Report report = TableVerifier.check(AlbisTable.open(storage, t));
        assertTrue(report.ok(), context + ": " + report.problems());
    }

    @Test
    void aJobIsInvisibleUntilItCommitsAndEveryTaskCountsOnce() throws IOException {
        Storage storage = storage();
        String t = table(storage);
        WriteJob job = WriteJob.begin(storage, t, WriteMode.APPEND, OPTIONS);
        try (AlbisWriter w = job.newTask(1, 0)) {
            rows(w, 2 * ROWS, ROWS);
        }
        AlbisWriter first = job.newTask(0, 0);
        rows(first, ROWS, ROWS);
        AlbisWriter speculative = AlbisWriter.forTask(storage, job.descriptor(), 0, 1);
        rows(speculative, ROWS, ROWS);
        TaskCommit won = speculative.commitTask();
        TaskCommit lost = first.commitTask();
        assertFalse(won.superseded());
        assertTrue(lost.superseded(), "the slower attempt of task 0 finds the faster one's rows committed");
        assertEquals(1, lost.attempt());
        assertEquals(won, speculative.commitTask(), "committing the same attempt again changes nothing");
        assertEquals(range(0, ROWS), ids(storage, t), "committed tasks stay invisible until the job commits");
        AlbisTable before = AlbisTable.open(storage, t);

        CommitResult result = job.commit();
        assertEquals(2 * ROWS, result.rows());
        assertEquals(result, job.commit(), "a repeated commit publishes nothing more");
        assertEquals(result, WriteJob.resume(storage, job.descriptor()).commit(), "nor does another driver's");
        assertEquals(range(0, 3 * ROWS), ids(storage, t), "tasks in task order, each once");
        assertEquals(ROWS, before.rowCount(), "a reader's snapshot does not move");
        assertVerifies(storage, t, "after the commit");
        assertThrows(IllegalStateException.class, job::abort, "a committed job cannot be aborted");
        assertNoLeftovers(storage, t);
    }

    @Test
    void anAbortedJobLeavesNothingAndACommitAfterItRemovesWhatAFailedAbortLeft() throws IOException {
        Storage storage = storage();
        String t = table(storage);
        JobWithPendingTask started = jobWithPendingTask(storage, t);
        WriteJob job = started.job();
        AlbisWriter unfinished = started.pending();
        job.abort();
        assertThrows(IllegalStateException.class, job::commit);
        assertThrows(Exception.class, unfinished::commitTask, "a task of an aborted job cannot commit");
        assertEquals(range(0, ROWS), ids(storage, t));
        assertNoLeftovers(storage, t);

        // A driver that died: its job stays until it is abandoned; an aborted marker frees it at once.
        WriteJob dead = WriteJob.begin(storage, t, WriteMode.APPEND, OPTIONS);
        try (AlbisWriter w = dead.newTask(0, 0)) {
            rows(w, ROWS, ROWS);
        }
        try (AlbisWriter w = AlbisWriter.append(storage, t, null, OPTIONS)) {
            rows(w, ROWS, ROWS);
        }
        assertEquals(range(0, 2 * ROWS), ids(storage, t));
        assertTrue(storage.list(t).stream().anyMatch(n -> n.startsWith("_job.")), "a live-looking job is kept");
        TableCleaner.clean(storage, t, Retention.none(), System.currentTimeMillis());
        assertNoLeftovers(storage, t);
        assertEquals(range(0, 2 * ROWS), ids(storage, t));
    }

    @Test
    void concurrentAppendsAllLandAndAnOverwriteThatMissedACommitConflicts() throws Exception {
        Storage storage = storage();
        String t = table(storage);
        int jobs = 4;
        ExecutorService pool = Executors.newFixedThreadPool(jobs);
        try {
            List<Future<CommitResult>> results = new ArrayList<>();
            for (int j = 1; j <= jobs; j++) {
                int first = j * ROWS;
                results.add(pool.submit((Callable<CommitResult>) () -> {
                    AlbisWriter w = AlbisWriter.append(storage, t, schema(), OPTIONS);
                    rows(w, first, ROWS);
                    w.close();
                    return w.jobCommit();
                }));
            }
            for (Future<CommitResult> f : results) {
                assertEquals(ROWS, f.get().rows());
            }
        } finally {
            pool.shutdown();
        }
        List<Integer> all = ids(storage, t);
        all.sort(null);
        assertEquals(range(0, (jobs + 1) * ROWS), all, "every append landed once");

        AlbisWriter overwrite = AlbisWriter.overwrite(storage, t, null, OPTIONS);
        rows(overwrite, 100, ROWS);
        try (AlbisWriter w = AlbisWriter.append(storage, t, null, OPTIONS)) {
            rows(w, 200, ROWS);
        }
        assertThrows(CommitConflictException.class, overwrite::close);
        assertEquals((jobs + 2) * ROWS, ids(storage, t).size(), "the conflict lost nothing");

        AlbisTable snapshot = AlbisTable.open(storage, t);
        try (AlbisWriter w = AlbisWriter.overwrite(storage, t, null, OPTIONS)) {
            rows(w, 100, ROWS);
        }
        assertEquals(range(100, 100 + ROWS), ids(storage, t));
        int seen = 0;
        try (AlbisReader r = snapshot.newReader()) {
            while (r.advance()) {
                seen++;
            }
        }
        assertEquals((jobs + 2) * ROWS, seen, "a reader of the old snapshot reads it whole after the overwrite");
        assertVerifies(storage, t, "after the overwrite");
        TableCleaner.clean(storage, t, Retention.none(), System.currentTimeMillis());
        assertEquals(range(100, 100 + ROWS), ids(storage, t));
        List<String> names = storage.list(t);
        assertEquals(2, TableFiles.otherThanRowGroups(names).size(), "only the schema and the latest state: " + names);
        assertEquals(1, TableFiles.rowGroupsIn(names).size(), "and its row group: " + names);
    }

    /** What a scenario does under injected failures, after its setup. */
    private interface Step {
        void run(Storage storage, Started started) throws IOException;
    }

    /**
     * For every N and both failure modes: a table and a job on it with one committed and one
     * pending task ({@code scenario}); the N-th storage operation of the step fails; the table must
     * then read as the old or the new outcome and verify, and again after repair. Stops when N
     * passes the step's last operation. Returns the operations the step takes without failures.
     */
    private int injectEverywhere(String name, Scenario scenario, Step step, boolean mayCommit) throws IOException {
        int operations = -1;
        for (FaultInjectingStorage.Mode mode : FaultInjectingStorage.Mode.values()) {
            for (int n = 1; ; n++) {
                FaultInjectingStorage storage = new FaultInjectingStorage(storage());
                Started started = scenario.start(storage);
                String t = started.table();
                assertEquals(started.old(), outcome(storage, t), name + ": before the step");
                storage.resetCount();
                storage.arm(n, mode);
                String context = name + ", failure " + mode + " operation " + n;
                try {
                    step.run(storage, started);
                } catch (IOException | RuntimeException e) {
                    assertTrue(storage.fired(), context + ": failed without an injected failure: " + e);
                }
                boolean fired = storage.fired();
                storage.disarm();
                roots.remove(t);
                Outcome got = outcome(storage, t);
                assertTrue(got.equals(started.old()) || (mayCommit && got.equals(started.committed())),
                        context + ": read " + got);
                assertVerifies(storage, t, context);
                TableCleaner.clean(storage, t, Retention.none(), System.currentTimeMillis());
                assertEquals(got, outcome(storage, t), context + ": repair changed the table");
                assertVerifies(storage, t, context + ", after repair");
                assertNoLeftovers(storage, t);
                storage.delete(t); // the next iteration takes a fresh table; small clusters have few blocks
                if (!fired) {
                    if (mode == FaultInjectingStorage.Mode.BEFORE) {
                        operations = n - 1;
                    }
                    break;
                }
            }
        }
        return operations;
    }

    @Test
    void aFailureAtAnyOperationOfTaskAndJobCommitLeavesTheOldOrTheNewState() throws IOException {
        int ops = injectEverywhere("task + job commit", this::appendScenario, (storage, s) -> {
            s.pending().commit();
            s.job().commit();
        }, true);
        assertTrue(ops > 3, "the commit took " + ops + " operations");
    }

    @Test
    void aFailureAtAnyOperationOfAbortLeavesTheOldState() throws IOException {
        injectEverywhere("abort", this::appendScenario, (storage, s) -> {
            s.pending().commit();
            s.job().abort();
        }, false);
    }

    @Test
    void aFailureAtAnyOperationOfAnOwnedJobsCloseLeavesTheOldOrTheNewState() throws IOException {
        injectEverywhere("AlbisWriter.close", this::appendScenario, (storage, s) -> {
            s.pending().abort();
            s.job().abort();
            AlbisWriter w = AlbisWriter.append(storage, s.table(), null, OPTIONS);
            rows(w, ROWS, 2 * ROWS);
            w.close();
        }, true);
    }

    @Test
    void aFailureAtAnyOperationOfAPartitionOverwriteLeavesTheOldOrTheNewState() throws IOException {
        // Dynamic: the job wrote to p=0 and p=2, so p=1 stays.
        injectEverywhere("overwrite of written partitions", storage -> partitionScenario(storage,
                CommitPlan.of(WriteMode.OVERWRITE_WRITTEN_PARTITIONS), "p=0", "p=1"), (storage, s) -> {
                    s.pending().commit();
                    s.job().commit();
                }, true);
        // By a filter: p=1 goes, p=0 stays, the job's rows are anywhere.
        injectEverywhere("overwrite of named partitions", storage -> partitionScenario(storage,
                CommitPlan.overwritePartitions(List.of("p=1")), "p=1", "p=0"), (storage, s) -> {
                    s.pending().commit();
                    s.job().commit();
                }, true);
        injectEverywhere("abort of a partitioned job", storage -> partitionScenario(storage,
                CommitPlan.of(WriteMode.OVERWRITE_WRITTEN_PARTITIONS), "p=3", "p=1"), (storage, s) -> {
                    s.pending().commit();
                    s.job().abort();
                }, false);
    }

    @Test
    void aFailureAtAnyOperationOfACommitOfPropertiesLeavesTheOldOrTheNewProperties() throws IOException {
        int ops = injectEverywhere("properties", storage -> {
            Started s = appendScenario(storage);
            s.pending().abort();
            s.job().abort();
            return new Started(s.table(), s.job(), s.pending(), s.old(), new Outcome(s.old().ids(), Map.of("k", "v")));
        }, (storage, s) -> TableProperties.change(storage, s.table(), Map.of("k", "v"), java.util.Set.of()), true);
        assertTrue(ops > 3, "the commit took " + ops + " operations");
    }

    /**
     * After repair with no retention, nothing but the schema, the latest state, its partition
     * directories and its row groups ({@link RepairChecks}).
     */
    private void assertNoLeftovers(Storage storage, String t) throws IOException {
        RepairChecks.repairAndCheck(storage, t, "after repair");
    }
}
