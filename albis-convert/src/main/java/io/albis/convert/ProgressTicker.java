package io.albis.convert;

/** Counts rows and tells the listener every {@link #EVERY} rows and at the end. */
public final class ProgressTicker {
    static final int EVERY = 1 << 16;

    private final ProgressListener listener;
    private final long total;
    private long done;
    private int sinceReport;

    public ProgressTicker(ProgressListener listener, long total) {
        this.listener = listener;
        this.total = total;
    }

    public void row() {
        done++;
        if (++sinceReport == EVERY) {
            sinceReport = 0;
            listener.rows(done, total);
        }
    }

    /** The last report; an unknown total is known now. */
    public void finish() {
        listener.rows(done, total < 0 ? done : total);
    }

    public long done() {
        return done;
    }
}
