package io.albis.crail;

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.crail.CrailStore;
import org.apache.crail.conf.CrailConfiguration;
import org.apache.crail.rpc.RpcErrors;

/**
 * One Crail client (a {@link CrailStore} with its connections to the namenode and datanodes),
 * used until a connection fails; then the storage starts a new session.
 *
 * <p>Crail's client talks over NaRPC 1.4, which is fragile when a peer goes away: a thread
 * waiting for an answer on a connection that just closed leaves the connection's read lock held,
 * and every other thread waiting on that connection then spins forever; each retry on the dead
 * connection also loses one of its buffers until the client spins on those. NaRPC also ignores
 * timeouts. So this session
 * <ul>
 *   <li>lets one thread at a time wait on the namenode connection (the {@code nameNode} gate) and
 *       one at a time on the datanode connections (the {@code data} gate), while requests are
 *       still sent concurrently; waiting threads park instead of spinning;
 *   <li>marks itself broken on the first transport failure, after which no thread touches its
 *       connections again: every operation fails at once, and the storage connects anew;
 *   <li>gives up on a gate held longer than the timeout (a peer that accepts requests but never
 *       answers), which also breaks the session.
 * </ul>
 * A refusal by the namenode (file exists, parent missing, ...) is an answer, not a failure: it
 * is reported as {@link CrailRefusedException} and the session stays usable.
 */
final class CrailSession implements Closeable {
    /** A Crail call: issues requests and, if it waits, waits on the gate(s) the caller holds. */
    interface Call<T> {
        T call() throws Exception;
    }

    private final String cluster;
    private final CrailStore store;
    private final long timeoutNanos;
    private final ReentrantLock nameNodeGate = new ReentrantLock();
    private final ReentrantLock dataGate = new ReentrantLock();
    private volatile IOException broken;

    private CrailSession(String cluster, CrailStore store, long timeoutNanos) {
        this.cluster = cluster;
        this.store = store;
        this.timeoutNanos = timeoutNanos;
    }

    /** Connects to the namenode named in {@code conf}; fails at once if nobody listens there. */
    static CrailSession connect(String cluster, CrailConfiguration conf, long timeoutNanos) throws IOException {
        try {
            CrailStore store = CrailGlobals.withConfiguration(conf, () -> CrailStore.newInstance(conf));
            return new CrailSession(cluster, store, timeoutNanos);
        } catch (Exception e) {
            throw new IOException("cannot connect to the Crail namenode at " + cluster + ": " + rootMessage(e), e);
        }
    }

    CrailStore store() {
        return store;
    }

    String cluster() {
        return cluster;
    }

    /** Whether the session's connections are still trusted. */
    boolean usable() {
        return broken == null;
    }

    /** Runs a call that may wait on the namenode. */
    <T> T nameNode(String what, Call<T> call) throws IOException {
        return under(nameNodeGate, null, what, call);
    }

    /** Runs a call that may wait on datanodes only. */
    <T> T data(String what, Call<T> call) throws IOException {
        return under(dataGate, null, what, call);
    }

    /** Runs a call that may wait on both (gates taken in this order everywhere, so no deadlock). */
    <T> T both(String what, Call<T> call) throws IOException {
        return under(nameNodeGate, dataGate, what, call);
    }

    private <T> T under(ReentrantLock first, ReentrantLock second, String what, Call<T> call) throws IOException {
        enter(first, what);
        try {
            if (second != null) {
                enter(second, what);
            }
            try {
                checkUsable(what);
                return call.call();
            } catch (CrailRefusedException e) {
                throw e;
            } catch (Exception e) {
                throw classify(what, e);
            } finally {
                if (second != null) {
                    second.unlock();
                }
            }
        } finally {
            first.unlock();
        }
    }

    private void enter(ReentrantLock gate, String what) throws IOException {
        checkUsable(what);
        try {
            if (!gate.tryLock(timeoutNanos, TimeUnit.NANOSECONDS)) {
                IOException e = new IOException(what + ": Crail at " + cluster + " did not answer within "
                        + TimeUnit.NANOSECONDS.toSeconds(timeoutNanos) + " s");
                broken = e;
                throw e;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException(what + ": interrupted while waiting for Crail");
        }
    }

    private void checkUsable(String what) throws IOException {
        IOException b = broken;
        if (b != null) {
            throw new IOException(what + ": the connection to Crail at " + cluster + " failed earlier (" + b.getMessage()
                    + ")", b);
        }
    }

    /** A refusal stays a refusal; anything else means a connection can no longer be trusted. */
    private IOException classify(String what, Exception e) {
        String refusal = refusalMessage(e);
        if (refusal != null) {
            return new CrailRefusedException(what + ": " + refusal, e);
        }
        IOException failure = new IOException(what + ": connection to Crail at " + cluster + " failed: " + rootMessage(e), e);
        broken = failure;
        return failure;
    }

    /**
     * The namenode's error message if {@code e} reports one. Crail's client turns a namenode's
     * error code into an IOException carrying one of {@link RpcErrors#messages}, wrapped once in
     * an ExecutionException by a metadata future; a transport failure comes out of NaRPC as an
     * ExecutionException wrapped in another, or as a plain socket exception.
     */
    static String refusalMessage(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ExecutionException && t.getCause() instanceof ExecutionException) {
                return null;
            }
            if (t instanceof IOException && t.getMessage() != null) {
                for (int code = 1; code < RpcErrors.messages.length; code++) {
                    String m = RpcErrors.messages[code];
                    if (m != null && t.getMessage().contains(m)) {
                        return t.getMessage();
                    }
                }
            }
        }
        return null;
    }

    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getClass().getSimpleName() + ": " + t.getMessage();
    }

    /**
     * Closes the client. After a failure this is best effort: Crail refuses to close streams with
     * operations in flight, and leaves the rest open then.
     */
    @Override
    public void close() {
        try {
            store.close();
        } catch (Exception e) {
            // best effort (see above); the connections of a broken session are dead anyway
        }
    }
}
