package io.albis.convert;

/** Counts rows and tells the listener every {@link #EVERY} rows and at the end. */
final class ProgressTicker {
    static final int EVERY = 1 << 16;

    private final ProgressListener listener;
    private final long total;
    private long done;
    private int sinceReport;

    ProgressTicker(ProgressListener listener, long total) {
        this.listener = listener;
        this.total = total;
    }

    void row() {
        done++;
        if (++sinceReport == EVERY) {
            sinceReport = 0;
            listener.rows(done, total);
        }
    }

    /** The last report; an unknown total is known now. */
    void finish() {
        listener.rows(done, total < 0 ? done : total);
    }

    long done() {
        return done;
    }
}
