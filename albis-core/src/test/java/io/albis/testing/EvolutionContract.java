package io.albis.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.albis.error.CommitConflictException;
import io.albis.evolve.TableEvolution;
import io.albis.layout.PartitionPath;
import io.albis.layout.TableLayout;
import io.albis.read.AlbisReader;
import io.albis.schema.ColumnGroup;
import io.albis.schema.ColumnGroupSpec;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.schema.SchemaChanges;
import io.albis.storage.Storage;
import io.albis.storage.WritableFile;
import io.albis.table.AlbisTable;
import io.albis.table.Retention;
import io.albis.table.SmallFiles;
import io.albis.table.TableState;
import io.albis.table.WriteMode;
import io.albis.write.AlbisWriter;
import io.albis.write.CommitPlan;
import io.albis.write.NewColumnGroupsWriter;
import io.albis.write.PartitionedTaskWriter;
import io.albis.write.TableChange;
import io.albis.write.WriteJob;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Table evolution on one backend (issue 11, "Atomicity, snapshots and crash safety"): every
 * operation with a failure injected at each of its storage operations in turn, before and after
 * it takes effect; schema changes and appends racing each other at each step of a commit; and
 * readers scanning while the table evolves. After every failure a fresh reader sees exactly the
 * old table or exactly the new one, a reader that opened before keeps its snapshot, repair leaves
 * nothing behind and verifies, and the operation runs again. A backend's test extends this class.
 */
public abstract class EvolutionContract implements StorageUnderTest {
    /** Two row groups of three rows. */
    private static final WriterOptions OPTIONS = WriterOptions.defaults().withSegmentSize(4096).withRowGroupRows(3);
    private static final int ROWS = 6;
    /** Rows a racing append adds. */
    private static final int APPENDED = 3;

    /**
     * Whether this backend runs the whole contract: every operation under every kind of failure,
     * the race under failures, every operation in the races. A backend whose storage operations
     * cost milliseconds each (a file's close on HDFS: tens) returns false and runs, of the sweeps
     * under failures, a change of the schema only ({@link Operation#LIGHT_DROP}) and one that
     * writes column groups ({@link Operation#ADD_NULLS}), failing each storage operation before
     * and after it takes effect; of the races, those of a change that writes column groups and of
     * a rebalance. What the rest adds is the same storage operations in other orders, which the
     * local run covers, and job commits, which {@link JobCommitContract} fails at every step on
     * every backend.
     */
    protected boolean exhaustive() {
        return true;
    }

    /** Skips {@code op} on a backend that is not {@link #exhaustive()}, unless it is one of its sweeps or races. */
    private void assumeRuns(Operation op, boolean sweep) {
        Set<Operation> representative = sweep ? EnumSet.of(Operation.LIGHT_DROP, Operation.ADD_NULLS)
                : EnumSet.of(Operation.ADD_NULLS, Operation.REBALANCE);
        assumeTrue(exhaustive() || representative.contains(op), op + " runs on exhaustive backends only");
    }

    private final List<String> roots = new ArrayList<>();

    /** A fresh root, removed after the test (small clusters have few blocks to spare). */
    private String root() throws IOException {
        String r = freshRoot();
        roots.add(r);
        return r;
    }

    @AfterEach
    void removeTables() throws IOException {
        for (String r : roots) {
            storage().delete(r);
        }
    }

    /**
     * The fixture: a {@link FormulaTable} of id, s, p7, t3 in the groups solo = [t3] and
     * rest = [id, s, p7], rows 0 to 5 in two row groups, the first in the table directory, the
     * second in the partition directory {@value #PARTITION} (so every operation is checked on a
     * partitioned table, format 5.0). Written once per test; {@link #restore} puts it back between
     * runs, byte for byte, at a fraction of the cost of writing a table (on HDFS a file costs a
     * close, tens of milliseconds).
     */
    private final class Fixture {
        final String table;
        /** Every file of the table as written, by its path relative to the table. Albis never rewrites a file, so a name means its bytes. */
        private final Map<String, byte[]> files = new LinkedHashMap<>();

        Fixture(Storage storage) throws IOException {
            table = root();
            Schema schema = ColumnGroupSpec.parse("solo=t3")
                    .applyTo(FormulaTable.base().column("p7", DataType.LONG).column("t3", DataType.LONG)).build();
            WriteJob create = WriteJob.create(storage, table, schema, CommitPlan.of(WriteMode.CREATE), OPTIONS,
                    Retention.DEFAULT);
            try (PartitionedTaskWriter task = create.newPartitionedTask(0, 0)) {
                FormulaTable.write(task.writer(PartitionPath.ROOT), 0, ROWS / 2);
                task.endPartition(PartitionPath.ROOT);
                FormulaTable.write(task.writer(PARTITION), ROWS / 2, ROWS - ROWS / 2);
            }
            create.commit();
            capture(storage, PartitionPath.ROOT);
        }

        private void capture(Storage storage, String partition) throws IOException {
            String dir = PartitionPath.directory(storage, table, partition);
            for (String n : storage.list(dir)) {
                String relative = PartitionPath.relative(partition, n);
                if (storage.isDirectory(storage.resolve(dir, n))) {
                    capture(storage, relative);
                } else {
                    files.put(relative, SmallFiles.bytes(storage, storage.resolve(dir, n), Integer.MAX_VALUE));
                }
            }
        }

        /** Removes every name the fixture does not have and writes back every file it has that is gone. */
        String restore(Storage storage) throws IOException {
            List<String> names = storage.list(table);
            for (String n : names) {
                if (!files.containsKey(n) && !PARTITION.startsWith(n + "/")) {
                    storage.delete(storage.resolve(table, n));
                }
            }
            String partition = storage.resolve(table, PARTITION);
            storage.mkdirs(partition);
            List<String> inPartition = storage.list(partition);
            for (String n : inPartition) {
                if (!files.containsKey(PARTITION + "/" + n)) {
                    storage.delete(storage.resolve(partition, n));
                }
            }
            for (Map.Entry<String, byte[]> f : files.entrySet()) {
                boolean there = f.getKey().startsWith(PARTITION + "/")
                        ? inPartition.contains(f.getKey().substring(PARTITION.length() + 1)) : names.contains(f.getKey());
                if (!there) {
                    try (WritableFile out = storage.create(storage.resolve(table, f.getKey()))) {
                        out.write(ByteBuffer.wrap(f.getValue()));
                    }
                }
            }
            return table;
        }
    }

    /** The partition directory of the fixture's second row group. */
    private static final String PARTITION = "k=1/j=2";

    private Fixture fixture;

    /** The fixture as written, fresh. */
    private String table() throws IOException {
        if (fixture == null) {
            fixture = new Fixture(storage());
            return fixture.table;
        }
        return fixture.restore(storage());
    }

    /** The operations under test, each on the fixture. */
    protected enum Operation {
        RENAME((e, s, t) -> e.rename("p7", "q7")),
        ADD_NULLS((e, s, t) -> e.addColumns(List.of(Field.of("n5", DataType.LONG)), null)),
        ADD_VALUES((e, s, t) -> e.addColumns(List.of(Field.required("a2", DataType.LONG)), "derived",
                FormulaTable.values(s, t, List.of("a2")))),
        LIGHT_DROP((e, s, t) -> e.drop("p7", TableEvolution.Drop.LIGHT)),
        HEAVY_DROP((e, s, t) -> e.drop("p7", TableEvolution.Drop.HEAVY)),
        /** t3 is alone in its group: the group goes. */
        DROP_GROUP((e, s, t) -> e.drop("t3", TableEvolution.Drop.LIGHT)),
        REGROUP((e, s, t) -> e.regroup(ColumnGroupSpec.parse("a=id,p7"))),
        REBALANCE((e, s, t) -> e.rebalance(3));

        @FunctionalInterface
        private interface Action {
            void run(TableEvolution evolution, Storage storage, String table) throws IOException;
        }

        private final Action action;

        Operation(Action action) {
            this.action = action;
        }

        void run(Storage storage, String table) throws IOException {
            // One thread: the N-th storage operation is the same one in every run.
            action.run(new TableEvolution(storage, table, OPTIONS, 1, Retention.DEFAULT), storage, table);
        }
    }

    /**
     * What a reader sees: the live columns and their types, the groups and their live columns,
     * the row groups' sizes and the rows. Two contents are equal exactly when a reader could not
     * tell the tables apart (apart from file names), so a rebalance or a regroup counts too.
     */
    private record Content(List<String> columns, List<String> groups, List<Long> rowGroups, List<String> partitions,
            List<List<Object>> rows) {
        static Content of(AlbisTable t) throws IOException {
            Schema s = t.schema();
            List<String> columns = new ArrayList<>();
            for (int c : s.liveValueColumns()) {
                columns.add(s.column(c).name() + " " + s.column(c).type());
            }
            List<String> groups = new ArrayList<>();
            for (ColumnGroup g : s.groups()) {
                List<String> names = new ArrayList<>();
                for (int c : g.columns()) {
                    if (!s.column(c).deleted()) {
                        names.add(s.column(c).name());
                    }
                }
                groups.add(g.name() + "=" + names);
            }
            List<List<Object>> rows = new ArrayList<>();
            try (AlbisReader r = t.newReader()) {
                while (r.advance()) {
                    List<Object> row = new ArrayList<>();
                    for (int i = 0; i < r.columnCount(); i++) {
                        row.add(r.getValue(i));
                    }
                    rows.add(row);
                }
            }
            return new Content(columns, groups, t.state().rowGroups().stream().map(TableState.Entry::rows).toList(),
                    t.state().rowGroups().stream().map(TableState.Entry::partition).toList(), rows);
        }

        static Content of(Storage storage, String table) throws IOException {
            return of(AlbisTable.open(storage, table));
        }
    }

    /** The fixture as it reads after {@code steps} ran on it, without failures. */
    private Content reference(Scenario... steps) throws IOException {
        Storage storage = storage();
        String t = table();
        for (Scenario s : steps) {
            s.run(new FaultInjectingStorage(storage), t);
        }
        return Content.of(storage, t);
    }

    /** How the N-th storage operation fails. */
    private enum Failure {
        /** It never reaches the storage; the writer's error handling runs. */
        BEFORE {
            @Override
            void arm(FaultInjectingStorage s, int n) {
                s.arm(n, FaultInjectingStorage.Mode.BEFORE);
            }
        },
        /** It takes effect but its reply is lost; the writer's error handling runs. */
        AFTER {
            @Override
            void arm(FaultInjectingStorage s, int n) {
                s.arm(n, FaultInjectingStorage.Mode.AFTER);
            }
        },
        /**
         * The process dies before it (counting changes only): nothing after it reaches the
         * storage, repair finds what was left.
         */
        CRASH {
            @Override
            void arm(FaultInjectingStorage s, int n) {
                s.armCrash(n);
            }
        };

        abstract void arm(FaultInjectingStorage storage, int n);
    }

    /** What runs on a fresh fixture under an injected failure. */
    @FunctionalInterface
    private interface Scenario {
        void run(FaultInjectingStorage storage, String table) throws IOException;
    }

    /**
     * For each kind of failure and every N until the scenario runs without the failure firing: the
     * N-th storage operation of the scenario on a fresh fixture fails. A fresh reader must then see
     * one of {@code outcomes} (by name; "old" is the fixture), {@code done} when nothing failed; a
     * reader opened before must still read the old table; repair must leave nothing behind, change
     * no row and leave a table that verifies; and when the table reads as the old one, {@code again}
     * must run and give {@code againGives} (after a crash before repair, as a user would). Returns
     * the operations the scenario takes without failures.
     */
    private int injectEverywhere(String name, Scenario scenario, Map<String, Content> outcomes, String done,
            Operation again, Content againGives) throws IOException {
        Content old = outcomes.get("old");
        int operations = -1;
        for (Failure failure : exhaustive() ? EnumSet.allOf(Failure.class) : EnumSet.of(Failure.BEFORE, Failure.AFTER)) {
            for (int n = 1; ; n++) {
                FaultInjectingStorage storage = new FaultInjectingStorage(storage());
                String t = table();
                AlbisTable before = AlbisTable.open(storage, t);
                storage.resetCount();
                failure.arm(storage, n);
                String context = name + ", " + failure + " at operation " + n;
                try {
                    scenario.run(storage, t);
                } catch (IOException | RuntimeException e) {
                    assertTrue(storage.fired(), context + ": failed without an injected failure: " + e);
                }
                boolean fired = storage.fired();
                storage.disarm();
                context += " (" + storage.failedOperation() + ")";

                Content now = Content.of(storage, t);
                String outcome = null;
                for (Map.Entry<String, Content> e : outcomes.entrySet()) {
                    outcome = e.getValue().equals(now) ? e.getKey() : outcome;
                }
                assertTrue(outcome != null, context + ": the table reads as none of " + outcomes.keySet() + ": " + now);
                assertTrue(fired || outcome.equals(done), context + ": without a failure the table reads as " + outcome);
                if (!outcome.equals("old")) {
                    assertEquals(old, Content.of(before), context + ": a reader that opened before lost its snapshot");
                }
                boolean runAgain = outcome.equals("old");
                if (runAgain && failure == Failure.CRASH) {
                    // After a crash, what a user does first: run it again; repair comes later.
                    again.run(storage, t);
                    now = Content.of(storage, t);
                    assertEquals(againGives, now, context + ": run again before repair");
                    runAgain = false;
                }
                RepairChecks.repairAndCheck(storage, t, context);
                assertEquals(now, Content.of(storage, t), context + ": repair changed what the table reads");
                if (runAgain) {
                    again.run(storage, t);
                    assertEquals(againGives, Content.of(storage, t), context + ": run again");
                }
                assertOnlyCommittedSchemas(storage, t, context);
                if (!fired) {
                    if (failure == Failure.BEFORE) {
                        operations = n - 1;
                    }
                    break;
                }
            }
        }
        return operations;
    }

    /**
     * The fixture's schema and the latest state's are the only versions a scenario commits, so
     * after repair (and a commit, which cleans too) they are the only schema files: a version of a
     * change that never committed is gone, even when a later change committed a higher one
     * ({@code albis history} would list it as a change the table went through).
     */
    private static void assertOnlyCommittedSchemas(Storage storage, String t, String context) throws IOException {
        Set<Integer> present = new TreeSet<>();
        for (String n : storage.list(t)) {
            if (TableLayout.schemaVersion(n) >= 0) {
                present.add(TableLayout.schemaVersion(n));
            }
        }
        Set<Integer> committed = new TreeSet<>(List.of(1, AlbisTable.open(storage, t).schema().version()));
        assertEquals(committed, present, context + ": schema versions after repair");
    }

    @ParameterizedTest
    @EnumSource(Operation.class)
    void aFailureAtAnyStorageOperationLeavesTheOldOrTheNewTable(Operation op) throws IOException {
        assumeRuns(op, true);
        Content old = reference();
        Content changed = reference((s, t) -> op.run(s, t));
        assertNotEquals(old, changed, op + " changes what a reader sees");
        Map<String, Content> outcomes = new LinkedHashMap<>();
        outcomes.put("old", old);
        outcomes.put("new", changed);
        int ops = injectEverywhere(op.toString(), (s, t) -> op.run(s, t), outcomes, "new", op, changed);
        assertTrue(ops > 10, op + " took " + ops + " storage operations");
    }

    /**
     * A change adding a column of nulls and an append of rows, interleaved step by step as two
     * processes might run them, each cleaning up after its own failure: the first to commit wins.
     * The injected failure hits whichever step it falls on; the other writer carries on.
     */
    private static void changeRacingAnAppend(FaultInjectingStorage s, String t, boolean appendCommitsFirst)
            throws IOException {
        List<Exception> failures = new ArrayList<>();
        TableChange change = attempt(failures, () -> TableChange.begin(s, t, schema -> SchemaChanges.addColumns(schema,
                List.of(Field.of("n5", DataType.LONG)), "n5"), OPTIONS, Retention.DEFAULT));
        WriteJob append = attempt(failures, () -> WriteJob.begin(s, t, WriteMode.APPEND, OPTIONS, Retention.DEFAULT));
        if (append != null && attempt(failures, () -> {
            try (AlbisWriter w = append.newTask(0, 0)) {
                FormulaTable.write(w, ROWS, APPENDED);
            }
            return append;
        }) == null) {
            abortQuietly(append::abort);
        }
        boolean filled = change != null && attempt(failures, () -> {
            for (TableState.Entry rg : change.baseState().rowGroups()) {
                try (NewColumnGroupsWriter w = change.writer(rg)) {
                    for (long r = 0; r < rg.rows(); r++) {
                        w.nextRow(); // n5 is null
                    }
                }
            }
            return change;
        }) != null;
        if (change != null && !filled) {
            abortQuietly(change::abort);
        }
        Committer commitAppend = () -> {
            if (append != null && attempt(failures, append::commit) == null) {
                abortQuietly(append::abort);
            }
        };
        Committer commitChange = () -> {
            if (filled && attempt(failures, change::commit) == null) {
                abortQuietly(change::abort);
            }
        };
        (appendCommitsFirst ? commitAppend : commitChange).run();
        (appendCommitsFirst ? commitChange : commitAppend).run();
        if (!s.fired()) {
            assertEquals(1, failures.size(), "without a failure, the writer that commits second conflicts: " + failures);
            assertTrue(failures.get(0) instanceof CommitConflictException, failures.toString());
        }
    }

    @FunctionalInterface
    private interface Committer {
        void run() throws IOException;
    }

    @FunctionalInterface
    private interface Step<T> {
        T run() throws IOException;
    }

    /** Runs a writer's step; a failure is the writer's own, recorded, and null returned. */
    private static <T> T attempt(List<Exception> failures, Step<T> step) {
        try {
            return step.run();
        } catch (IOException | RuntimeException e) {
            failures.add(e);
            return null;
        }
    }

    private static void abortQuietly(Committer abort) {
        try {
            abort.run();
        } catch (IOException | RuntimeException ignored) {
            // what a failed abort leaves, repair removes; the checks after the scenario say so
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aFailureAtAnyStorageOperationOfAChangeRacingAnAppendLeavesOneOfThemOrNeither(boolean appendCommitsFirst)
            throws IOException {
        assumeTrue(exhaustive(), "runs on exhaustive backends only");
        Content changed = reference((s, t) -> Operation.ADD_NULLS.run(s, t));
        Map<String, Content> outcomes = new LinkedHashMap<>();
        outcomes.put("old", reference());
        outcomes.put("changed", changed);
        outcomes.put("appended", reference((s, t) -> new EvolutionCycle(s, t, Retention.DEFAULT).append(APPENDED)));
        // Without a failure the first to commit wins; with one, either may, or neither.
        int ops = injectEverywhere("a change racing an append" + (appendCommitsFirst ? ", the append first" : ""),
                (s, t) -> changeRacingAnAppend(s, t, appendCommitsFirst), outcomes,
                appendCommitsFirst ? "appended" : "changed", Operation.ADD_NULLS, changed);
        assertTrue(ops > 20, "the race took " + ops + " storage operations");
    }

    /** The names of the table directory. */
    private static Set<String> names(Storage storage, String table) throws IOException {
        return new HashSet<>(storage.list(table));
    }

    /**
     * Asserts that a writer that lost a race left nothing: every name now was there before it
     * began, or was added by the winner (there after the winner, not before).
     */
    private static void assertLeftNothing(Set<String> beforeLoser, Around winner, Set<String> now, String context) {
        for (String n : now) {
            assertTrue(beforeLoser.contains(n) || (winner.after.contains(n) && !winner.before.contains(n)),
                    context + ": the writer that lost left " + n);
        }
    }

    /** A step of a change at which another writer's whole operation runs: before it creates or renames to a name with this prefix. */
    private record RacePoint(String when, String prefix) {}

    private static final List<RacePoint> RACE_POINTS = List.of(
            new RacePoint("before its schema is published", "_tmp._schema."),
            new RacePoint("before its first new file", "rg-"),
            new RacePoint("before its state is published", "_state."));

    /** The table directory's names just before and just after the other writer's operation. */
    private static final class Around {
        Set<String> before;
        Set<String> after;
    }

    @ParameterizedTest
    @EnumSource(Operation.class)
    void twoChangesRacingOneWinsAndTheOtherConflictsLeavingNothing(Operation op) throws IOException {
        assumeRuns(op, false);
        Operation other = op == Operation.ADD_VALUES ? Operation.REBALANCE : Operation.ADD_VALUES;
        Content winnersTable = reference((s, t) -> other.run(s, t));
        int raced = 0;
        for (RacePoint point : RACE_POINTS) {
            String context = op + " with " + other + " committing " + point.when();
            Storage storage = storage();
            String t = table();
            AlbisTable before = AlbisTable.open(storage, t);
            Content old = Content.of(before);
            Set<String> beforeLoser = names(storage, t);
            Around around = new Around();
            InterleavingStorage racing = new InterleavingStorage(storage, point.prefix(), () -> {
                around.before = names(storage, t);
                AlbisTable during = AlbisTable.open(storage, t);
                assertEquals(old, Content.of(during), context + ": a reader during the change");
                other.run(storage, t);
                around.after = names(storage, t);
                assertEquals(old, Content.of(during), context + ": a reader of the state before, after the winner");
            });
            if (applies(op, point.prefix())) {
                assertThrows(CommitConflictException.class, () -> op.run(racing, t), context);
                assertTrue(racing.fired(), context);
                raced++;
                assertEquals(winnersTable, Content.of(storage, t), context + ": the winner's table");
                assertLeftNothing(beforeLoser, around, names(storage, t), context);
            } else {
                op.run(racing, t); // the change never takes that step
                assertFalse(racing.fired(), context);
            }
            assertEquals(old, Content.of(before), context + ": a reader that opened before lost its snapshot");
            RepairChecks.assertVerifies(storage, t, context);
            RepairChecks.repairAndCheck(storage, t, context);
            if (racing.fired()) {
                op.run(storage, t);
                FormulaTable.check(AlbisTable.open(storage, t));
                RepairChecks.assertVerifies(storage, t, context + ", run again");
            }
        }
        assertTrue(raced >= 1, op + " raced");
    }

    /** Whether {@code op} takes the step that creates or renames to a name starting with {@code prefix}. */
    private static boolean applies(Operation op, String prefix) {
        return switch (prefix) {
            case "_tmp._schema." -> op != Operation.REBALANCE;
            case "rg-" -> op != Operation.RENAME && op != Operation.LIGHT_DROP && op != Operation.DROP_GROUP;
            default -> true;
        };
    }

    @ParameterizedTest
    @EnumSource(Operation.class)
    void appendsRacingAChangeLandUnderTheSchemaTheyWereWrittenForOrConflictLeavingNothing(Operation op)
            throws IOException {
        assumeRuns(op, false);
        Storage storage = storage();
        Content old = reference();
        Content changed = reference((s, t) -> op.run(s, t));

        // An append committing just before the change publishes: it lands, under the old schema; the change conflicts.
        String t = table();
        Set<String> beforeChange = names(storage, t);
        Around around = new Around();
        InterleavingStorage changing = new InterleavingStorage(storage, "_state.", () -> {
            around.before = names(storage, t);
            new EvolutionCycle(storage, t, Retention.DEFAULT).append(APPENDED);
            around.after = names(storage, t);
        });
        assertThrows(CommitConflictException.class, () -> op.run(changing, t), op + " after an append committed");
        assertLeftNothing(beforeChange, around, names(storage, t), op + " losing to an append");
        AlbisTable appended = AlbisTable.open(storage, t);
        assertEquals(old.columns(), Content.of(appended).columns(), "the append landed under the old schema");
        assertEquals(ROWS + APPENDED, FormulaTable.check(appended));
        RepairChecks.repairAndCheck(storage, t, op + " losing to an append");
        op.run(storage, t);
        assertEquals(ROWS + APPENDED, FormulaTable.check(AlbisTable.open(storage, t)), op + " run again");

        // The change committing just before an append publishes: the append conflicts and leaves nothing.
        String u = table();
        Set<String> beforeAppend = names(storage, u);
        InterleavingStorage appending = new InterleavingStorage(storage, "_state.", () -> {
            around.before = names(storage, u);
            op.run(storage, u);
            around.after = names(storage, u);
        });
        assertThrows(CommitConflictException.class,
                () -> new EvolutionCycle(appending, u, Retention.DEFAULT).append(APPENDED), "an append after " + op);
        assertLeftNothing(beforeAppend, around, names(storage, u), "an append losing to " + op);
        assertEquals(changed, Content.of(storage, u));

        // An append that begins after the change lands under the new schema.
        new EvolutionCycle(storage, u, Retention.DEFAULT).append(APPENDED);
        AlbisTable after = AlbisTable.open(storage, u);
        assertEquals(changed.columns(), Content.of(after).columns());
        assertEquals(ROWS + APPENDED, FormulaTable.check(after));
        RepairChecks.repairAndCheck(storage, u, "an append after " + op);
    }

    /**
     * Two writers, one running evolution cycles (adding, renaming and dropping columns, regrouping,
     * rebalancing) and one appending rows, while readers scan: every scan sees one committed state
     * whole (FormulaTable's rules hold for its schema and its rows are exactly its state's), a
     * fresh open never goes back to an older state, and a reader that holds a snapshot across
     * commits reads it to the end.
     */
    @Test
    void readersSeeOneCommittedStateWhileColumnsAreAddedDroppedAndRowGroupsAppended() throws Exception {
        Storage storage = storage();
        String t = root();
        EvolutionCycle.create(storage, t);
        EvolutionCycle cycle = new EvolutionCycle(storage, t, Retention.DEFAULT);
        cycle.append(EvolutionCycle.APPEND_ROWS);
        int appends = 3;
        AtomicBoolean writing = new AtomicBoolean(true);
        Map<Integer, String> seen = new ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            Future<?> evolver = pool.submit(() -> {
                int k = 100;
                for (EvolutionCycle.Step step : EvolutionCycle.Step.values()) {
                    if (step != EvolutionCycle.Step.APPEND) {
                        retryOnConflict(() -> cycle.run(step, k));
                    }
                }
                return null;
            });
            Future<?> appender = pool.submit(() -> {
                for (int i = 0; i < appends; i++) {
                    retryOnConflict(() -> cycle.append(EvolutionCycle.APPEND_ROWS));
                }
                return null;
            });
            List<Future<Integer>> readers = new ArrayList<>();
            for (int r = 0; r < 2; r++) {
                readers.add(pool.submit(() -> {
                    int scans = 0;
                    int last = 0;
                    while (writing.get() || scans < 2) {
                        AlbisTable table = AlbisTable.open(storage, t);
                        int version = table.state().version();
                        assertTrue(version >= last, "a fresh open went back from state " + last + " to " + version);
                        last = version;
                        long rows = FormulaTable.check(table);
                        String what = rows + " rows, columns " + table.schema().liveColumnNames();
                        String earlier = seen.putIfAbsent(version, what);
                        assertTrue(earlier == null || earlier.equals(what), "state " + version + " read as " + what
                                + " and as " + earlier);
                        scans++;
                        Thread.sleep(1); // leaves the writers some of the storage's time
                    }
                    return scans;
                }));
            }
            readers.add(pool.submit(() -> holdASnapshotAcrossCommits(storage, t, writing)));
            evolver.get();
            appender.get();
            writing.set(false);
            for (Future<Integer> r : readers) {
                assertTrue(r.get() > 0);
            }
        } finally {
            writing.set(false);
            pool.shutdownNow();
        }
        AlbisTable last = AlbisTable.open(storage, t);
        assertEquals((long) (1 + appends) * EvolutionCycle.APPEND_ROWS, FormulaTable.check(last), "every append landed once");
        assertEquals(List.of("id", "s"), last.schema().liveColumnNames(), "the cycle drops what it adds");
        assertFalse(seen.isEmpty());
        RepairChecks.repairAndCheck(storage, t, "after the concurrent run");
    }

    /** Reads half a snapshot, waits until a commit supersedes it, reads the rest; returns 1. */
    private static int holdASnapshotAcrossCommits(Storage storage, String t, AtomicBoolean writing) throws Exception {
        AlbisTable table = AlbisTable.open(storage, t);
        long rows = table.state().rowCount();
        long id = 0;
        try (AlbisReader r = table.newReader()) {
            while (id < rows / 2 && r.advance()) {
                assertEquals((int) id++, r.getInt(0));
            }
            while (writing.get() && AlbisTable.open(storage, t).state().version() == table.state().version()) {
                Thread.sleep(1);
            }
            while (r.advance()) {
                assertEquals((int) id, r.getInt(0));
                assertEquals(FormulaTable.value("s", id), r.getValue(1));
                id++;
            }
        }
        assertEquals(rows, id, "the snapshot read to its end");
        return 1;
    }

    private static void retryOnConflict(Committer step) throws IOException {
        for (int attempt = 0; ; attempt++) {
            try {
                step.run();
                return;
            } catch (CommitConflictException e) {
                if (attempt > 100) {
                    throw e;
                }
            }
        }
    }
}
