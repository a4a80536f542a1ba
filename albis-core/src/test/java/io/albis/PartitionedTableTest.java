package io.albis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.error.CommitConflictException;
import io.albis.error.CorruptFileException;
import io.albis.error.InvalidOptionException;
import io.albis.evolve.TableEvolution;
import io.albis.layout.PartitionPath;
import io.albis.layout.TableLayout;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.schema.ColumnGroup;
import io.albis.schema.ColumnGroupSpec;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.storage.Storage;
import io.albis.table.AlbisTable;
import io.albis.table.PropertyChange;
import io.albis.table.Retention;
import io.albis.table.RowGroupRef;
import io.albis.table.TableCleaner;
import io.albis.table.TableHistory;
import io.albis.table.TableProperties;
import io.albis.table.TableState;
import io.albis.table.TableStateCodec;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A partitioned table is one table (docs/FORMAT.md §1 and §11, format 5.0): its row groups lie in
 * partition directories, one state lists them all, and every commit scope, snapshot, schema
 * change, re-balance, the cleaner and the verifier cover it whole.
 */
class PartitionedTableTest {
    private static final Storage STORAGE = LocalStorage.INSTANCE;
    private static final WriterOptions OPTIONS = WriterOptions.defaults().withSegmentSize(4096).withRowGroupRows(4);
    private static final String A = "k=a";
    private static final String B = "k=b";
    private static final String C = "k=c/d=1";

    @TempDir
    Path dir;

    private static Schema schema() {
        return Schema.builder().column("id", DataType.INT, false).column("v", DataType.STRING)
                .groups(Map.of("ids", List.of("id"))).build();
    }

    /** The partition of a row of the first 100 ids: three partitions, interleaved. */
    private static String partitionOf(int id) {
        return switch (id % 3) {
            case 0 -> A;
            case 1 -> B;
            default -> C;
        };
    }

    /** Writes {@code ids}, interleaved, each into its partition, as one task of {@code job}, and commits the task. */
    private static TaskCommit writeTask(WriteJob job, int task, IntStream ids, IntFunction<String> partitionOf)
            throws IOException {
        try (PartitionedTaskWriter w = job.newPartitionedTask(task, 0)) {
            for (int id : ids.toArray()) {
                AlbisWriter p = w.writer(partitionOf.apply(id));
                p.setInt(0, id);
                p.setString(1, "v" + id);
                p.nextRow();
            }
            return w.commit();
        }
    }

    /** An append job on {@code t} whose task 0 has committed {@code [from, to)}, each row in its partition. */
    private static WriteJob appendTask(String t, int from, int to) throws IOException {
        WriteJob job = WriteJob.begin(STORAGE, t, WriteMode.APPEND, OPTIONS);
        writeTask(job, 0, IntStream.range(from, to), PartitionedTableTest::partitionOf);
        return job;
    }

    /** Rows 0..29 in three partitions, created by one job with a property. */
    private String table() throws IOException {
        String t = dir.resolve("t").toString();
        CommitPlan plan = CommitPlan.of(WriteMode.CREATE).withOperation("CREATE TABLE")
                .withProperties(PropertyChange.setting(Map.of("owner", "test")));
        WriteJob job = WriteJob.create(STORAGE, t, schema(), plan, OPTIONS, Retention.DEFAULT);
        writeTask(job, 0, IntStream.range(0, 30), PartitionedTableTest::partitionOf);
        job.commit();
        return t;
    }

    /** The ids of every row group, by partition, in table order; checks each row's value on the way. */
    private static Map<String, List<Integer>> rowsByPartition(AlbisTable t) throws IOException {
        Map<String, List<Integer>> out = new LinkedHashMap<>();
        for (RowGroupRef rg : t.rowGroups()) {
            try (AlbisReader r = t.newReader(ReadOptions.all().withColumns(List.of("id", "v"))
                    .withRowGroups(rg.index()))) {
                while (r.advance()) {
                    assertEquals("v" + r.getInt(0), r.getString(1));
                    out.computeIfAbsent(rg.partition(), p -> new ArrayList<>()).add(r.getInt(0));
                }
            }
        }
        return out;
    }

    private static Map<String, List<Integer>> rowsByPartition(String t) throws IOException {
        return rowsByPartition(AlbisTable.open(STORAGE, t));
    }

    private static List<Integer> range(int from, int to, IntFunction<Boolean> keep) {
        List<Integer> out = new ArrayList<>();
        for (int i = from; i < to; i++) {
            if (keep.apply(i)) {
                out.add(i);
            }
        }
        return out;
    }

    private static void assertVerifies(String t, String context) throws IOException {
        TableVerifier.Report report = TableVerifier.check(AlbisTable.open(STORAGE, t));
        assertTrue(report.ok(), context + ": " + report.problems());
    }

    @Test
    void threePartitionsAppendedReplacedTimeTravelledEvolvedCleanedAndVerified() throws IOException {
        String t = table();
        Map<Integer, Map<String, List<Integer>>> atVersion = new HashMap<>();
        atVersion.put(1, rowsByPartition(t));
        assertEquals(Map.of(A, range(0, 30, i -> i % 3 == 0), B, range(0, 30, i -> i % 3 == 1),
                C, range(0, 30, i -> i % 3 == 2)), atVersion.get(1));
        assertTrue(Files.isDirectory(dir.resolve("t/k=c/d=1")), "a nested partition directory");
        assertVerifies(t, "created");

        // An append of two tasks.
        WriteJob append = appendTask(t, 30, 38);
        writeTask(append, 1, IntStream.range(38, 45), PartitionedTableTest::partitionOf);
        assertEquals(2, append.commit().stateVersion());
        atVersion.put(2, rowsByPartition(t));
        assertEquals(range(0, 45, i -> i % 3 == 1), atVersion.get(2).get(B));

        // Dynamic partition overwrite: only k=a, which the job wrote to, is replaced.
        WriteJob dynamic = WriteJob.begin(STORAGE, t, WriteMode.OVERWRITE_WRITTEN_PARTITIONS, OPTIONS);
        writeTask(dynamic, 0, IntStream.range(100, 105), id -> A);
        CommitResult replaced = dynamic.commit();
        assertEquals(3, replaced.stateVersion());
        assertEquals(5, replaced.rows());
        atVersion.put(3, rowsByPartition(t));
        assertEquals(range(100, 105, i -> true), atVersion.get(3).get(A));
        assertEquals(atVersion.get(2).get(B), atVersion.get(3).get(B));
        assertEquals(atVersion.get(2).get(C), atVersion.get(3).get(C));
        assertEquals(List.of(B, C, A), List.copyOf(atVersion.get(3).keySet()), "kept row groups first, in order");

        // Overwrite by a filter: k=b and a partition the table has not are replaced; the rows go elsewhere.
        WriteJob byFilter = WriteJob.begin(STORAGE, t, CommitPlan.overwritePartitions(List.of(B, "k=zzz")), OPTIONS,
                Retention.DEFAULT);
        writeTask(byFilter, 0, IntStream.range(200, 203), id -> C);
        assertEquals(4, byFilter.commit().stateVersion());
        atVersion.put(4, rowsByPartition(t));
        assertFalse(atVersion.get(4).containsKey(B), "k=b replaced by nothing");
        List<Integer> c = new ArrayList<>(atVersion.get(3).get(C));
        c.addAll(range(200, 203, i -> true));
        assertEquals(c, atVersion.get(4).get(C));
        assertEquals(OPTIONS.rowGroupRows(), 4);

        // Partition overwrites that replace nothing and write nothing publish nothing.
        WriteJob nothing = WriteJob.begin(STORAGE, t, CommitPlan.overwritePartitions(List.of()), OPTIONS,
                Retention.DEFAULT);
        assertEquals(new CommitResult(4, 0, 0), nothing.commit());
        WriteJob nothingWritten = WriteJob.begin(STORAGE, t, WriteMode.OVERWRITE_WRITTEN_PARTITIONS, OPTIONS);
        writeTask(nothingWritten, 0, IntStream.range(0, 0), id -> A);
        assertEquals(new CommitResult(4, 0, 0), nothingWritten.commit());
        assertEquals(4, AlbisTable.open(STORAGE, t).state().version());

        // Properties: a commit of their own, carried by every later commit.
        assertEquals(5, TableProperties.change(STORAGE, t, Map.of("a", "1"), Set.of("owner")));
        assertEquals(Map.of("a", "1"), TableProperties.of(STORAGE, t));
        atVersion.put(5, rowsByPartition(t));
        assertEquals(atVersion.get(4), atVersion.get(5), "a properties commit keeps the rows");

        // Time travel: every state reads as it did when it was the latest.
        for (Map.Entry<Integer, Map<String, List<Integer>>> e : atVersion.entrySet()) {
            assertEquals(e.getValue(), rowsByPartition(AlbisTable.open(STORAGE, t, e.getKey())), "state " + e.getKey());
        }
        assertEquals(Map.of("owner", "test"), AlbisTable.open(STORAGE, t, 1).state().properties());

        // Schema changes: new groups' files go into each row group's partition directory.
        TableEvolution evolve = new TableEvolution(STORAGE, t, OPTIONS, 2, Retention.DEFAULT);
        evolve.addColumns(List.of(Field.of("note", DataType.STRING)), "notes");
        AlbisTable added = AlbisTable.open(STORAGE, t);
        ColumnGroup notes = added.schema().groups().get(2);
        for (RowGroupRef rg : added.rowGroups()) {
            Path meta = Path.of(added.metadataPath(rg, notes));
            assertTrue(Files.exists(meta), meta.toString());
            assertEquals(Path.of(PartitionPath.directory(STORAGE, t, rg.partition())), meta.getParent());
        }
        evolve.rename("v", "value");
        evolve.drop("note", TableEvolution.Drop.LIGHT);
        evolve.regroup(ColumnGroupSpec.parse("both=id,value"));
        evolve.rename("value", "v");
        assertEquals(atVersion.get(5), rowsByPartition(t), "schema changes keep every row in its partition");
        assertEquals(Map.of("a", "1"), TableProperties.of(STORAGE, t), "and the properties");
        assertVerifies(t, "evolved");
        int beforeRebalance = AlbisTable.open(STORAGE, t).state().version();
        evolve.rebalance(3);
        AlbisTable rebalanced = AlbisTable.open(STORAGE, t);
        assertEquals(atVersion.get(5), rowsByPartition(rebalanced), "a re-balance keeps every row in its partition");
        assertTrue(rebalanced.rowGroups().size() <= 3 + 2, rebalanced.rowGroups().size() + " row groups");
        assertEquals(List.of("REBALANCE", "RENAME COLUMN", "REGROUP", "DROP COLUMN", "RENAME COLUMN", "ADD COLUMNS",
                "SET PROPERTIES", "OVERWRITE PARTITIONS", "OVERWRITE WRITTEN PARTITIONS", "APPEND", "CREATE TABLE"),
                TableHistory.of(STORAGE, t).stream().map(TableHistory.Entry::operation).toList());
        assertVerifies(t, "re-balanced");
        assertEquals(atVersion.get(4), rowsByPartition(AlbisTable.open(STORAGE, t, 4)), "old snapshots still read");
        assertEquals(beforeRebalance + 1, rebalanced.state().version());

        // The cleaner: replaced row groups go from their partition directories, and k=b, left
        // empty, goes too when no writer runs.
        TableCleaner.Report report = TableCleaner.clean(STORAGE, t, Retention.none(), System.currentTimeMillis());
        assertTrue(report.removed().contains("k=b/"), report.removed().toString());
        assertTrue(report.removed().stream().anyMatch(n -> n.startsWith("k=c/d=1/rg-")), report.removed().toString());
        assertFalse(Files.exists(dir.resolve("t/k=b")));
        assertEquals(atVersion.get(5), rowsByPartition(t));
        assertVerifies(t, "cleaned");
        AlbisTable now = AlbisTable.open(STORAGE, t);
        Set<String> listed = new java.util.HashSet<>();
        now.rowGroups().forEach(rg -> listed.add(PartitionPath.relative(rg.partition(), rg.name())));
        try (Stream<Path> files = Files.walk(dir.resolve("t"))) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                String rel = dir.resolve("t").relativize(f).toString().replace('\\', '/');
                String name = f.getFileName().toString();
                String rowGroup = TableLayout.rowGroupOf(name);
                String partition = rel.contains("/") ? rel.substring(0, rel.lastIndexOf('/')) : "";
                assertTrue(rowGroup == null ? rel.startsWith("_") : listed.contains(PartitionPath.relative(partition,
                        rowGroup)), "left after cleaning: " + rel);
            }
        }
        assertEquals(1, TableHistory.of(STORAGE, t).size());
    }

    @Test
    void aTaskWritesInterleavedPartitionsWithOneRowGroupOpenEachAndCommitsThemInOneManifest() throws IOException {
        String t = table();
        WriteJob job = WriteJob.begin(STORAGE, t, WriteMode.APPEND, OPTIONS.withRowGroupRows(1000));
        PartitionedTaskWriter task = job.newPartitionedTask(0, 0);
        for (int id = 50; id < 56; id++) {
            AlbisWriter w = task.writer(partitionOf(id));
            w.setInt(0, id);
            w.setString(1, "v" + id);
            w.nextRow();
        }
        assertEquals(Set.of(A, B, C), task.openPartitions());
        task.endPartition(A);
        assertEquals(Set.of(B, C), task.openPartitions());
        AlbisWriter again = task.writer(A);
        again.setInt(0, 56);
        again.setString(1, "v56");
        again.nextRow();
        task.writer(C).close(); // a partition's writer ends that partition only
        assertEquals(Set.of(A, B), task.openPartitions());
        TaskCommit commit = task.writer(B).commitTask(); // a partition's writer commits the whole task
        assertEquals(4, commit.rowGroups().size(), "k=a twice, k=b and k=c/d=1 once each: " + commit.rowGroups());
        assertEquals(7, commit.rows());
        assertEquals(A, commit.rowGroups().get(0).partition(), "ended first, listed first");
        assertEquals(C, commit.rowGroups().get(1).partition());
        assertEquals(commit, task.commit());
        assertThrows(IllegalStateException.class, () -> task.writer(A));
        job.commit();
        Map<String, List<Integer>> rows = rowsByPartition(t);
        assertEquals(List.of(51, 54, 56), rows.get(A).subList(rows.get(A).size() - 3, rows.get(A).size()));
        assertEquals(List.of(52, 55), rows.get(B).subList(rows.get(B).size() - 2, rows.get(B).size()));
        assertEquals(List.of(50, 53), rows.get(C).subList(rows.get(C).size() - 2, rows.get(C).size()));
        assertVerifies(t, "after the interleaved task");
    }

    @Test
    void aSpeculativeAttemptOrAnAbortedTaskLeavesNoFileInAnyPartition() throws IOException {
        String t = table();
        WriteJob job = appendTask(t, 60, 66);
        PartitionedTaskWriter slower = job.newPartitionedTask(0, 1);
        PartitionedTaskWriter aborted = job.newPartitionedTask(1, 0);
        for (int id = 60; id < 66; id++) {
            for (PartitionedTaskWriter task : List.of(slower, aborted)) {
                AlbisWriter w = task.writer(partitionOf(id));
                w.setInt(0, id);
                w.setString(1, "v" + id);
                w.nextRow();
            }
        }
        assertTrue(slower.commit().superseded(), "attempt 0 committed first");
        aborted.abort();
        assertThrows(IllegalStateException.class, () -> aborted.writer(A));
        job.commit();
        Map<String, List<Integer>> rows = rowsByPartition(t);
        assertEquals(36, rows.values().stream().mapToInt(List::size).sum(), "the task's rows once");
        AlbisTable now = AlbisTable.open(STORAGE, t);
        for (String partition : List.of(A, B, C)) {
            for (String n : STORAGE.list(PartitionPath.directory(STORAGE, t, partition))) {
                String rg = TableLayout.rowGroupOf(n);
                assertTrue(rg == null || now.rowGroups().stream().anyMatch(r -> r.name().equals(rg)),
                        partition + "/" + n + " is of no listed row group");
            }
        }
    }

    /** An engine ships the job's descriptor, plan included, to its tasks and to another driver. */
    @Test
    void aJobDescriptorWithItsPlanTravelsByJavaSerialization() throws Exception {
        String t = table();
        WriteJob job = WriteJob.begin(STORAGE, t, CommitPlan.overwritePartitions(List.of(A, B))
                .withProperties(new PropertyChange(Map.of("k", "v"), Set.of("owner"))).withOperation("INSERT OVERWRITE"),
                OPTIONS, Retention.DEFAULT);
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
            out.writeObject(job.descriptor());
        }
        io.albis.write.JobDescriptor shipped;
        try (java.io.ObjectInputStream in = new java.io.ObjectInputStream(
                new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
            shipped = (io.albis.write.JobDescriptor) in.readObject();
        }
        assertEquals(job.descriptor(), shipped);
        try (PartitionedTaskWriter task = PartitionedTaskWriter.open(STORAGE, shipped, 0, 0)) {
            AlbisWriter w = task.writer(A);
            w.setInt(0, 900);
            w.setString(1, "v900");
            w.nextRow();
        }
        WriteJob.resume(STORAGE, shipped).commit();
        AlbisTable now = AlbisTable.open(STORAGE, t);
        assertEquals(Map.of("k", "v"), now.state().properties());
        assertEquals("INSERT OVERWRITE", now.state().operation());
        assertEquals(WriteMode.OVERWRITE_PARTITIONS, now.state().mode());
        assertEquals(Map.of(C, range(0, 30, i -> i % 3 == 2), A, List.of(900)), rowsByPartition(now));
    }

    @Test
    void badPartitionStringsAreRefusedWhereverTheyEnter() throws IOException {
        String t = table();
        WriteJob job = WriteJob.begin(STORAGE, t, WriteMode.APPEND, OPTIONS);
        PartitionedTaskWriter task = job.newPartitionedTask(0, 0);
        for (String bad : List.of("k=1/../j=2", "/k=1", "k", "_k=1", "k=1//j=2", "k=a\\b")) {
            InvalidOptionException e = assertThrows(InvalidOptionException.class, () -> task.writer(bad));
            assertTrue(e.getMessage().startsWith(t + ": '" + bad + "' is not a partition directory")
                    && !e.getMessage().contains("\n"), e.getMessage());
        }
        task.abort();
        job.abort();
        InvalidOptionException e = assertThrows(InvalidOptionException.class, () -> WriteJob.begin(STORAGE, t,
                CommitPlan.overwritePartitions(List.of(A, "k=1/.")), OPTIONS, Retention.DEFAULT));
        assertTrue(e.getMessage().startsWith(t + ": 'k=1/.'"), e.getMessage());
        assertThrows(InvalidOptionException.class, () -> new CommitPlan(WriteMode.APPEND, Set.of(A),
                PropertyChange.NONE, "APPEND"), "only a partition overwrite names partitions");

        // In a state or a manifest, a bad partition is damage at its offset.
        TableState good = AlbisTable.open(STORAGE, t).state();
        List<TableState.Entry> rgs = new ArrayList<>(good.rowGroups());
        TableState.Entry first = rgs.get(0);
        rgs.set(0, new TableState.Entry(first.name(), first.rows(), "k=a/.."));
        byte[] state = TableStateCodec.encode(new TableState(good.version(), good.schemaVersion(), good.mode(),
                good.jobId(), good.commitMillis(), rgs, good.operation(), good.properties()));
        int at = 8 + 4 + 4 + 1 + 2 + 20 + 8 + 4 + 2 + first.name().length() + 8;
        CorruptFileException damaged = assertThrows(CorruptFileException.class,
                () -> TableStateCodec.decode(state, "t/_state.00000001"));
        assertEquals(at, damaged.offset());
        assertTrue(damaged.getMessage().contains("'k=a/..'"), damaged.getMessage());
        byte[] manifest = TableStateCodec.encode(new TableStateCodec.Manifest(0, 0, rgs));
        CorruptFileException badManifest = assertThrows(CorruptFileException.class,
                () -> TableStateCodec.decodeManifest(manifest, "t/_job.x/task-00000000"));
        assertEquals(8 + 4 + 4 + 4 + 2 + first.name().length() + 8, badManifest.offset());
    }

    @Test
    void aJobThatReplacesPartitionsConflictsAsAnOverwriteAndAnAppendAfterItConflicts() throws IOException {
        String t = table();
        WriteJob dynamic = WriteJob.begin(STORAGE, t, WriteMode.OVERWRITE_WRITTEN_PARTITIONS, OPTIONS);
        writeTask(dynamic, 0, IntStream.range(100, 103), id -> A);
        WriteJob append = appendTask(t, 200, 203);
        try (AlbisWriter w = AlbisWriter.append(STORAGE, t, null, OPTIONS)) {
            w.setInt(0, 300);
            w.setString(1, "v300");
            w.nextRow();
        }
        CommitConflictException e = assertThrows(CommitConflictException.class, dynamic::commit);
        assertTrue(e.getMessage().contains("state 2 (APPEND"), e.getMessage());
        dynamic.abort();
        append.commit(); // appends commute
        WriteJob byFilter = WriteJob.begin(STORAGE, t, CommitPlan.overwritePartitions(List.of(C)), OPTIONS,
                Retention.DEFAULT);
        WriteJob lateAppend = appendTask(t, 400, 403);
        byFilter.commit();
        assertThrows(CommitConflictException.class, lateAppend::commit, "the rows it appends to were replaced");
        lateAppend.abort();
        assertFalse(rowsByPartition(t).containsKey(C));
        assertVerifies(t, "after the conflicts");
    }

    @Test
    void aCommitOfPropertiesCommutesWithJobsAndTableChangesThatRaceIt() throws IOException {
        String t = table();
        WriteJob append = appendTask(t, 30, 33);
        WriteJob overwrite = WriteJob.begin(STORAGE, t, CommitPlan.of(WriteMode.OVERWRITE)
                .withProperties(PropertyChange.setting(Map.of("by", "overwrite"))), OPTIONS, Retention.DEFAULT);
        writeTask(overwrite, 0, IntStream.range(500, 503), PartitionedTableTest::partitionOf);
        TableProperties.change(STORAGE, t, Map.of("x", "1"), Set.of());
        append.commit();
        assertEquals(Map.of("owner", "test", "x", "1"), TableProperties.of(STORAGE, t), "the append carries them");
        assertThrows(CommitConflictException.class, overwrite::commit, "the append changed the rows");
        overwrite.abort();

        WriteJob second = WriteJob.begin(STORAGE, t, CommitPlan.of(WriteMode.OVERWRITE)
                .withProperties(new PropertyChange(Map.of("by", "overwrite"), Set.of("x"))), OPTIONS, Retention.DEFAULT);
        writeTask(second, 0, IntStream.range(500, 503), PartitionedTableTest::partitionOf);
        TableProperties.change(STORAGE, t, Map.of("y", "2"), Set.of());
        second.commit();
        assertEquals(Map.of("owner", "test", "y", "2", "by", "overwrite"), TableProperties.of(STORAGE, t));
        assertEquals(range(500, 503, i -> true), rowsByPartition(t).values().stream().flatMap(List::stream).sorted()
                .toList());

        io.albis.write.TableChange change = io.albis.write.TableChange.begin(STORAGE, t,
                s -> io.albis.schema.SchemaChanges.rename(s, "v", "w"), OPTIONS, Retention.DEFAULT, "RENAME COLUMN");
        TableProperties.change(STORAGE, t, Map.of("z", "3"), Set.of());
        change.commit();
        AlbisTable now = AlbisTable.open(STORAGE, t);
        assertEquals("3", now.state().properties().get("z"));
        assertTrue(now.schema().liveColumnNames().contains("w"));
    }

    @Test
    void propertyKeysAndValuesAreCheckedAndKeptInKeyOrder() throws IOException {
        String t = table();
        for (Map<String, String> bad : List.of(Map.of("", "x"), Map.of("k\ud800", "x"), Map.of("k", "x".repeat(65_536)))) {
            assertThrows(InvalidOptionException.class, () -> TableProperties.change(STORAGE, t, bad, Set.of()),
                    bad.keySet().toString());
        }
        assertThrows(InvalidOptionException.class, () -> new PropertyChange(Map.of("k", "1"), Set.of("k")));
        assertThrows(InvalidOptionException.class, () -> TableProperties.change(STORAGE, t,
                new PropertyChange(Map.of("k", "1"), Set.of()), "", Retention.DEFAULT), "an empty operation");
        TableProperties.change(STORAGE, t, Map.of("z", "", "é", "e", "a", "1", "\uD83D\uDE00", "emoji", "\uFFFD", "r"),
                Set.of());
        assertEquals(List.of("a", "owner", "z", "é", "\uFFFD", "\uD83D\uDE00"),
                List.copyOf(TableProperties.of(STORAGE, t).keySet()), "keys in the order of their UTF-8 bytes");

        // Out of order or repeated keys in a file are damage.
        TableState s = AlbisTable.open(STORAGE, t).state();
        byte[] bytes = TableStateCodec.encode(s);
        byte[] swapped = bytes.clone();
        int a = indexOf(bytes, "\u0001\u0000a".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        swapped[a + 2] = 'z'; // "a" becomes a second "z"... before "owner": out of order
        CorruptFileException e = assertThrows(CorruptFileException.class,
                () -> TableStateCodec.decode(io.albis.testing.TableFiles.reseal(swapped), "t/_state"));
        assertTrue(e.getMessage().contains("ascending order"), e.getMessage());
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (java.util.Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }

    @Test
    void aTableWithoutRowsPublishesItsFirstStateAndItsHistoryListsEveryKeptState() throws IOException {
        String t = dir.resolve("empty").toString();
        WriteJob create = WriteJob.create(STORAGE, t, schema(), CommitPlan.of(WriteMode.CREATE)
                .withProperties(PropertyChange.setting(Map.of("p", "q"))).withOperation("CREATE TABLE"), OPTIONS,
                Retention.DEFAULT);
        assertEquals(new CommitResult(1, 0, 0), create.commit());
        AlbisTable empty = AlbisTable.open(STORAGE, t);
        assertEquals(0, empty.rowGroups().size());
        assertEquals(0, empty.rowCount());
        assertEquals(Map.of("p", "q"), empty.state().properties());
        assertVerifies(t, "an empty table");

        WriteJob append = appendTask(t, 0, 5);
        append.commit();
        List<TableHistory.Entry> history = TableHistory.of(STORAGE, t);
        assertEquals(2, history.size());
        TableHistory.Entry latest = history.get(0);
        assertEquals(2, latest.version());
        assertEquals("APPEND", latest.operation());
        assertEquals(WriteMode.APPEND, latest.mode());
        assertEquals(5, latest.rows());
        assertEquals(3, latest.rowGroups());
        assertEquals(1, latest.schemaVersion());
        assertEquals(new TableHistory.Entry(1, history.get(1).commitMillis(), "CREATE TABLE", WriteMode.CREATE, 0, 1, 0),
                history.get(1));
        assertTrue(latest.commitMillis() >= history.get(1).commitMillis());
    }

    @Test
    void aReplacedTableHasTheNewSchemaAndRowsInOneCommitAndOldSnapshotsKeepTheirs() throws IOException {
        String t = table();
        AlbisTable before = AlbisTable.open(STORAGE, t);
        Schema other = Schema.builder().column("name", DataType.STRING).column("n", DataType.LONG).build();
        WriteJob replace = WriteJob.replace(STORAGE, t, other, CommitPlan.of(WriteMode.OVERWRITE)
                .withOperation("REPLACE TABLE AS SELECT"), OPTIONS, Retention.DEFAULT);
        assertEquals(2, replace.schema().version());
        assertTrue(replace.schema().columns().get(0).id() >= before.schema().nextColumnId(), "ids never reused");
        try (PartitionedTaskWriter task = replace.newPartitionedTask(0, 0)) {
            AlbisWriter w = task.writer("name=x");
            w.setString(0, "x");
            w.setLong(1, 7);
            w.nextRow();
        }
        assertEquals(1, AlbisTable.open(STORAGE, t).schema().version(), "invisible until the commit");
        replace.commit();
        AlbisTable now = AlbisTable.open(STORAGE, t);
        assertEquals(List.of("name", "n"), now.schema().liveColumnNames());
        assertEquals(1, now.rowCount());
        assertEquals(Map.of("owner", "test"), now.state().properties(), "properties carried forward");
        assertEquals(30, before.rowCount(), "the old snapshot reads its rows and schema");
        assertVerifies(t, "replaced");

        WriteJob aborted = WriteJob.replace(STORAGE, t, schema(), CommitPlan.of(WriteMode.OVERWRITE), OPTIONS,
                Retention.DEFAULT);
        aborted.abort();
        assertFalse(STORAGE.exists(STORAGE.resolve(t, TableLayout.schemaName(3))), "an abort removes its schema");
        assertThrows(InvalidOptionException.class, () -> WriteJob.replace(STORAGE, t, schema(),
                CommitPlan.of(WriteMode.APPEND), OPTIONS, Retention.DEFAULT));
    }

    /**
     * Before 5.0 an engine made every partition directory a table of its own: each still reads as
     * before, and a table at the directory above them neither lists them nor lets its cleaner
     * touch them.
     */
    @Test
    void tablesOfTheirOwnInPartitionDirectoriesAreLeftAlone() throws IOException {
        String root = dir.resolve("root").toString();
        for (String p : List.of("k=1", "k=2")) {
            try (AlbisWriter w = AlbisWriter.create(STORAGE, STORAGE.resolve(root, p), schema(), OPTIONS)) {
                w.setInt(0, 1);
                w.setString(1, "v1");
                w.nextRow();
            }
        }
        assertThrows(io.albis.error.NotAnAlbisTableException.class, () -> AlbisTable.open(STORAGE, root));
        WriteJob create = WriteJob.create(STORAGE, root, schema(), CommitPlan.of(WriteMode.CREATE), OPTIONS,
                Retention.DEFAULT);
        writeTask(create, 0, IntStream.range(0, 3), id -> "k=3");
        create.commit();
        WriteJob overwrite = WriteJob.begin(STORAGE, root, WriteMode.OVERWRITE, OPTIONS);
        writeTask(overwrite, 0, IntStream.range(3, 4), id -> "k=3");
        overwrite.commit();
        List<String> before = STORAGE.list(STORAGE.resolve(root, "k=1"));
        TableCleaner.clean(STORAGE, root, Retention.none(), System.currentTimeMillis());
        assertEquals(before, STORAGE.list(STORAGE.resolve(root, "k=1")));
        for (String p : List.of("k=1", "k=2")) {
            AlbisTable own = AlbisTable.open(STORAGE, STORAGE.resolve(root, p));
            assertEquals(1, own.rowCount());
            assertTrue(TableVerifier.verify(own).isEmpty());
        }
        assertEquals(Map.of("k=3", List.of(3)), rowsByPartition(root));
    }
}
