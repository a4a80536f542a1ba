package io.albis.convert.orc;

import io.albis.util.TaskFailures;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.RecordReader;

/**
 * Runs orc-core's decoding of one batch on a thread of its own, under a deadline. orc-core (2.2
 * and 2.3) spins when an integer run of a damaged file is cut short by the end of its stream:
 * {@code SerializationUtils.readLongBE} adds the −1 of end-of-stream to its byte count until the
 * int wraps, some 40 seconds a run, so one damaged stripe can keep a conversion busy for hours.
 * Past the deadline the batch is given up with a {@link TimeoutException}, which the caller
 * reports as damage naming the file and where; the spinning thread is stopped where the JVM
 * still allows it (Java 17 to 19) and otherwise left to finish as a daemon.
 *
 * <p>A batch is at most 1,024 rows, which orc-core decodes in milliseconds even with large lists,
 * so a deadline of seconds only ever catches such loops.
 */
final class OrcDecodeDeadline implements AutoCloseable {
    private final Duration limit;
    private ExecutorService worker;
    private Thread thread;

    OrcDecodeDeadline(Duration limit) {
        this.limit = limit;
    }

    Duration limit() {
        return limit;
    }

    /** {@code rows.nextBatch(batch)} within the deadline. */
    boolean nextBatch(RecordReader rows, VectorizedRowBatch batch) throws IOException, TimeoutException {
        if (worker == null) {
            worker = Executors.newSingleThreadExecutor(r -> {
                thread = new Thread(r, "albis-orc-decode");
                thread.setDaemon(true);
                return thread;
            });
        }
        Future<Boolean> next = worker.submit(() -> rows.nextBatch(batch));
        try {
            return next.get(limit.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            abandon();
            throw e;
        } catch (InterruptedException e) {
            abandon();
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while orc-core decoded a batch");
        } catch (ExecutionException e) {
            throw TaskFailures.of(e);
        }
    }

    /** Gives up the worker (and the reader it was decoding for): the next batch gets a new one. */
    private void abandon() {
        Thread stuck = thread;
        worker.shutdownNow();
        worker = null;
        thread = null;
        stop(stuck);
    }

    /** Thread.stop, through reflection: deprecated for removal, and from Java 20 on unsupported. */
    private static void stop(Thread t) {
        if (t == null) {
            return;
        }
        try {
            Method stop = Thread.class.getMethod("stop");
            stop.invoke(t);
        } catch (ReflectiveOperationException | UnsupportedOperationException | SecurityException e) {
            // Left to finish on its own: a daemon, so it keeps no JVM alive.
        }
    }

    @Override
    public void close() {
        if (worker != null) {
            worker.shutdown();
            worker = null;
        }
    }
}
