package io.albis.spark.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.read.AlbisReader;
import io.albis.table.AlbisTable;
import io.albis.table.TableState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The committer driven the way Spark drives it, with what a local Spark cannot produce on demand:
 * two attempts of one task that both finish and both commit (speculation, or an attempt that
 * committed and then failed), an attempt still writing when the job commits, and a job aborted
 * after some tasks committed. Each row is published once or not at all.
 */
class CommitterAttemptsTest {
    @TempDir
    Path dir;

    private static final StructType SCHEMA = new StructType().add("id", DataTypes.LongType, false);

    private Job job;
    private final AlbisOutputCommitter committer = new AlbisOutputCommitter();

    /** Every test's job, set up, with task 0 written and committed by its first attempt (rows 0 to 9). */
    @BeforeEach
    void jobWithTaskZeroCommitted() throws IOException {
        job = prepare();
        committer.setupJob(job);
        write(0, 100, 0, 10);
    }

    @Test
    void twoCommittedAttemptsOfOneTaskAddItsRowsOnce() throws IOException {
        write(0, 101, 0, 10); // the duplicate attempt of task 0 commits too
        write(1, 102, 10, 20);
        committer.commitJob(job);
        assertEquals(ids(0, 20), ids());
    }

    @Test
    void twoCommittedAttemptsOfATaskThatWroteManyPartitionsAddItsRowsOnce() throws IOException {
        for (int attempt : new int[] {101, 102}) {
            TaskAttemptContext c = context(1, attempt);
            committer.setupTask(c);
            writer(c, "p=1", 10, 15).close();
            writer(c, "p=2", 15, 20).close();
            writer(c, "p=1", 20, 25).close(); // a partition met again: new row groups of the same task
            committer.commitTask(c);
        }
        committer.commitJob(job);
        assertEquals(ids(0, 25), ids());
        TableState state = AlbisTable.open(dir.resolve("t").toString()).state();
        assertEquals(1, state.version());
        assertEquals(Set.of("", "p=1", "p=2"), state.partitions());
    }

    @Test
    void anAbortedPartitionedTaskLeavesNothingInItsPartitions() throws IOException {
        TaskAttemptContext c = context(1, 101);
        writer(c, "p=1", 10, 15).close();
        AlbisOutputWriter open = writer(c, "p=2", 15, 20);
        committer.abortTask(c);
        open.close(); // Spark closes the writers of an attempt it aborted
        committer.commitJob(job);
        assertEquals(ids(0, 10), ids());
        for (String partition : List.of("p=1", "p=2")) {
            Path d = dir.resolve("t").resolve(partition);
            try (Stream<Path> files = Files.exists(d) ? Files.list(d) : Stream.empty()) {
                assertEquals(0, files.count(), partition);
            }
        }
    }

    @Test
    void anAttemptThatCommitsAfterTheJobAddsNothing() throws IOException {
        TaskAttemptContext late = context(1, 101);
        AlbisOutputWriter writer = writer(late, 10, 20);
        committer.commitJob(job);
        writer.close();
        assertThrows(IOException.class, () -> committer.commitTask(late), "the job is over: the attempt may not commit");
        assertEquals(ids(0, 10), ids());
    }

    @Test
    void anAbortedJobLeavesNothingOfItsCommittedTasks() throws IOException {
        committer.abortJob(job, JobStatus.State.FAILED);
        try (Stream<Path> files = Files.list(dir.resolve("t"))) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().startsWith("rg-")), "row groups were left");
        }
    }

    private Job prepare() throws IOException {
        Job job = Job.getInstance(new Configuration());
        job.setJobID(new JobID("albis", 1));
        FileOutputFormat.setOutputPath(job, new org.apache.hadoop.fs.Path(dir.resolve("t").toUri()));
        AlbisWrites.prepare(job, Map.of(), SCHEMA);
        return job;
    }

    private TaskAttemptContext context(int task, int attempt) {
        TaskAttemptID id = new TaskAttemptID(new TaskID(job.getJobID(), TaskType.MAP, task), attempt);
        return new TaskAttemptContextImpl(job.getConfiguration(), id);
    }

    /** An output writer of one attempt with rows from..to written, not yet closed. */
    private AlbisOutputWriter writer(TaskAttemptContext attempt, long from, long to) {
        return writer(attempt, "", from, to);
    }

    /** An output writer of one attempt into a partition directory ("": none) with rows from..to written, not yet closed. */
    private AlbisOutputWriter writer(TaskAttemptContext attempt, String partition, long from, long to) {
        Path file = dir.resolve("t").resolve(partition).resolve("part-x.albis");
        AlbisOutputWriter w = new AlbisOutputWriter(file.toUri().toString(), attempt);
        UnsafeProjection unsafe = UnsafeProjection.create(SCHEMA);
        for (long id = from; id < to; id++) {
            InternalRow row = new GenericInternalRow(new Object[] {id});
            w.write(unsafe.apply(row));
        }
        return w;
    }

    /** Attempt {@code attempt} of task {@code task} writes rows from..to and commits. */
    private void write(int task, int attempt, long from, long to) throws IOException {
        TaskAttemptContext c = context(task, attempt);
        committer.setupTask(c);
        writer(c, from, to).close();
        committer.commitTask(c);
    }

    private static List<Long> ids(long from, long to) {
        List<Long> out = new ArrayList<>();
        for (long i = from; i < to; i++) {
            out.add(i);
        }
        return out;
    }

    private List<Long> ids() throws IOException {
        List<Long> out = new ArrayList<>();
        try (AlbisReader r = AlbisTable.open(dir.resolve("t").toString()).newReader()) {
            while (r.hasNext()) {
                out.add(r.next().getLong(0));
            }
        }
        out.sort(null);
        return out;
    }
}
