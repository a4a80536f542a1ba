package io.albis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.table.Retention;
import io.albis.table.WriteMode;
import io.albis.testing.FaultInjectingStorage;
import io.albis.write.AlbisWriter;
import io.albis.write.CommitPlan;
import io.albis.write.PartitionedTaskWriter;
import io.albis.write.WriteJob;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The storage operations (namenode operations on HDFS: each is one metadata call) a commit costs,
 * pinned so a change to the protocol that adds metadata load is a deliberate one. The figures are
 * in docs/FORMAT.md, "What a commit costs".
 */
class CommitCostTest {
    @TempDir
    Path dir;

    @Test
    void taskAndJobCommitsCostAFewOperationsEach() throws IOException {
        FaultInjectingStorage storage = new FaultInjectingStorage(LocalStorage.INSTANCE);
        String t = dir.resolve("t").toString();
        Schema schema = Schema.builder().column("id", DataType.INT, false).build();
        try (AlbisWriter w = AlbisWriter.create(storage, t, schema, WriterOptions.defaults())) {
            w.setInt(0, 1);
            w.nextRow();
        }
        storage.resetCount();
        WriteJob job = WriteJob.begin(storage, t, WriteMode.APPEND, WriterOptions.defaults().withRowGroupRows(1));
        List<String> begin = storage.log();
        int tasks = 3;
        AlbisWriter[] writers = new AlbisWriter[tasks];
        for (int k = 0; k < tasks; k++) {
            writers[k] = job.newTask(k, 0);
            writers[k].setInt(0, k);
            writers[k].nextRow(); // completes the task's row group, so commitTask does only the commit
        }
        storage.resetCount();
        writers[0].commitTask();
        List<String> taskCommit = storage.log();
        for (int k = 1; k < tasks; k++) {
            writers[k].commitTask();
        }
        storage.resetCount();
        job.commit();
        List<String> jobCommit = storage.log();
        storage.resetCount();
        AlbisTable.open(storage, t);
        List<String> open = storage.log();
        System.out.printf("storage operations: begin %d, task commit %d (without its row groups' files), job commit"
                + " of %d tasks %d, table open %d%n", begin.size(), taskCommit.size(), tasks, jobCommit.size(), open.size());
        // begin: read the schema (exists, list, open, read), list the table, read its state, create the job directory.
        assertEquals(5, begin.size(), begin.toString());
        // task commit: is the job there; create, write, sync, close, rename the manifest.
        assertEquals(6, taskCommit.size(), taskCommit.toString());
        // job commit: list the table, open and read the state, list the job, open and read each
        // manifest, publish the state (create, write, sync, close, rename), delete the job; the
        // cleaner lists the table and reads the oldest state's successor to see whether it expired.
        assertEquals(3 + 1 + 2 * tasks + 5 + 1 + 3, jobCommit.size(), jobCommit.toString());
        // open: is it a directory (exists, isDirectory), list, read the state and the schema.
        assertEquals(7, open.size(), open.toString());
    }

    /**
     * A row group of G column groups costs its 2G files and nothing else: no directory is made
     * (format 4.0 keeps its files in the table directory), and reading it after an open lists
     * nothing more (the open's listing shows its files); a snapshot opened at a given state, which
     * lists nothing, asks once per column group whether its metadata file is there.
     */
    @Test
    void aRowGroupCostsItsFilesAndNoDirectories() throws IOException {
        FaultInjectingStorage storage = new FaultInjectingStorage(LocalStorage.INSTANCE);
        String t = dir.resolve("g").toString();
        Schema schema = Schema.builder().column("a", DataType.INT, false).column("b", DataType.LONG, false)
                .columnPerGroup().build();
        int groups = schema.groups().size();
        try (AlbisWriter w = AlbisWriter.create(storage, t, schema, WriterOptions.defaults().withRowGroupRows(1))) {
            storage.resetCount();
            w.setInt(0, 1); // opens the row group
            w.setLong(1, 2);
            w.nextRow(); // completes it
            List<String> write = storage.log();
            assertEquals(0, count(write, "mkdirs "), write.toString());
            assertEquals(2 * groups, count(write, "create "), "a data and a metadata file per column group: " + write);
            assertEquals(2 * groups, count(write, "close "), write.toString());
        }
        AlbisTable latest = AlbisTable.open(storage, t);
        storage.resetCount();
        assertEquals(1, latest.rowCount(latest.rowGroups().get(0)));
        List<String> read = storage.log();
        assertEquals(0, count(read, "list ") + count(read, "exists "), "the open's listing serves: " + read);
        assertEquals(groups, count(read, "open "), "the metadata files: " + read);

        AlbisTable pinned = AlbisTable.open(storage, t, latest.state().version());
        storage.resetCount();
        assertEquals(1, pinned.rowCount(pinned.rowGroups().get(0)));
        read = storage.log();
        assertEquals(0, count(read, "list "), read.toString());
        assertEquals(groups, count(read, "exists "), "one presence check per column group: " + read);
    }

    /**
     * A partitioned table (5.0) costs one mkdirs per partition a task writer opens, one listing per
     * partition directory when the first of its row groups is read after an open, and, in a job's
     * commit, one listing per partition directory for the cleaner (the latest state names them,
     * so none is asked whether it is a directory); everything else is as for a table without
     * partitions.
     */
    @Test
    void aPartitionCostsAMkdirsPerTaskWriterAndAListingPerReadAndPerCleaning() throws IOException {
        FaultInjectingStorage storage = new FaultInjectingStorage(LocalStorage.INSTANCE);
        String t = dir.resolve("p").toString();
        Schema schema = Schema.builder().column("id", DataType.INT, false).build();
        List<String> partitions = List.of("k=0", "k=1/j=2");
        WriteJob create = WriteJob.create(storage, t, schema, CommitPlan.of(WriteMode.CREATE), WriterOptions.defaults(),
                Retention.DEFAULT);
        try (PartitionedTaskWriter task = create.newPartitionedTask(0, 0)) {
            storage.resetCount();
            for (String p : partitions) {
                AlbisWriter w = task.writer(p);
                w.setInt(0, 1);
                w.nextRow();
            }
            assertEquals(partitions.size(), count(storage.log(), "mkdirs "), storage.log().toString());
        }
        storage.resetCount();
        create.commit();
        List<String> jobCommit = storage.log();
        // As the first commit of one task (list the table, list the job, read its manifest, publish,
        // delete the job, the cleaner's list), and the cleaner lists k=0, k=1 and k=1/j=2.
        assertEquals(1 + 1 + 2 + 5 + 1 + 1 + 3, jobCommit.size(), jobCommit.toString());
        assertEquals(0, count(jobCommit, "isDirectory "), jobCommit.toString());

        AlbisTable latest = AlbisTable.open(storage, t);
        storage.resetCount();
        assertEquals(2, latest.rowCount());
        List<String> read = storage.log();
        assertEquals(partitions.size(), count(read, "list "), "a listing per partition directory: " + read);
        assertEquals(0, count(read, "exists "), read.toString());
    }

    private static long count(List<String> log, String operation) {
        return log.stream().filter(op -> op.startsWith(operation)).count();
    }
}
