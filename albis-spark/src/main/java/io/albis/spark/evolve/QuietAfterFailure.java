package io.albis.spark.evolve;

import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkContext$;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;
import org.apache.spark.sql.SparkSession;

/**
 * Runs Spark jobs whose tasks write files and, when a job fails, returns only after every task it
 * started has ended. Spark fails a job as soon as one task fails for good while its other tasks
 * may still be running (a kill is a request, and a task writing files finishes them); an abort
 * that removed the job's files at that moment would miss the files those tasks still write. The
 * jobs are told apart by a job tag, and a listener counts their running tasks.
 */
final class QuietAfterFailure {
    /** How long a failed job's tasks may keep running before the caller aborts anyway. */
    private static final long PATIENCE_NANOS = TimeUnit.MINUTES.toNanos(10);

    private QuietAfterFailure() {}

    /** A job's work on the driver. */
    @FunctionalInterface
    interface Work<T, E extends Exception> {
        T run() throws E;
    }

    /** Runs {@code work}; if it throws, waits for the tasks of the jobs it started before rethrowing. */
    static <T, E extends Exception> T run(SparkSession spark, Work<T, E> work) throws E {
        SparkContext sc = spark.sparkContext();
        String tag = "albis-" + UUID.randomUUID();
        Tasks tasks = new Tasks(tag);
        sc.addSparkListener(tasks);
        sc.addJobTag(tag);
        try {
            return work.run();
        } catch (Throwable t) {
            tasks.awaitQuiet(sc);
            throw t;
        } finally {
            sc.removeJobTag(tag);
            sc.removeSparkListener(tasks);
        }
    }

    /** Counts the running tasks of the jobs that carry one tag. */
    private static final class Tasks extends SparkListener {
        private final String tag;
        private final Set<Integer> jobs = new HashSet<>();
        private final Set<Integer> stages = new HashSet<>();
        private int running;

        Tasks(String tag) {
            this.tag = tag;
        }

        @Override
        public synchronized void onJobStart(SparkListenerJobStart start) {
            String tags = start.properties() == null ? null : start.properties().getProperty(SparkContext$.MODULE$.SPARK_JOB_TAGS());
            if (tags != null && Set.of(tags.split(SparkContext$.MODULE$.SPARK_JOB_TAGS_SEP())).contains(tag)) {
                jobs.add(start.jobId());
                start.stageInfos().foreach(stage -> stages.add(stage.stageId()));
            }
        }

        @Override
        public synchronized void onTaskStart(SparkListenerTaskStart start) {
            if (stages.contains(start.stageId())) {
                running++;
            }
        }

        @Override
        public synchronized void onTaskEnd(SparkListenerTaskEnd end) {
            if (stages.contains(end.stageId())) {
                running--;
                notifyAll();
            }
        }

        @Override
        public synchronized void onJobEnd(SparkListenerJobEnd end) {
            if (jobs.remove(end.jobId())) {
                notifyAll();
            }
        }

        /**
         * Waits until every job of the tag has ended and none of its tasks runs, or patience runs
         * out. The listener bus is drained first: Spark posts a job's start and its task starts
         * before it tells the driver the job failed, so after the drain every running task is
         * counted (the job's end, posted just after, is waited for like a task's).
         */
        void awaitQuiet(SparkContext sc) {
            long deadline = System.nanoTime() + PATIENCE_NANOS;
            try {
                sc.listenerBus().waitUntilEmpty(TimeUnit.NANOSECONDS.toMillis(PATIENCE_NANOS));
                synchronized (this) {
                    while ((!jobs.isEmpty() || running > 0) && System.nanoTime() < deadline) {
                        wait(50);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (TimeoutException e) {
                // the bus is stuck; the caller aborts anyway and repair removes what tasks leave
            }
        }
    }
}
