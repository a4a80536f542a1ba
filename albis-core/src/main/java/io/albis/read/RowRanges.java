package io.albis.read;

/**
 * Row ranges {@code [start(i), end(i))} of a row group, ascending and disjoint: the rows left to
 * read. A range is {@link #exact} when the statistics prove every one of its rows passes the
 * filter, so its rows need no test.
 */
record RowRanges(long[] starts, long[] ends, boolean[] exact) {
    static final RowRanges NONE = new RowRanges(new long[0], new long[0], new boolean[0]);

    /** Every row of a row group of {@code rows} rows, with no filter to test. */
    static RowRanges all(long rows) {
        return rows == 0 ? NONE : new RowRanges(new long[] {0}, new long[] {rows}, new boolean[] {true});
    }

    int count() {
        return starts.length;
    }

    long start(int i) {
        return starts[i];
    }

    long end(int i) {
        return ends[i];
    }

    boolean exact(int i) {
        return exact[i];
    }

    /** True when some range overlaps rows [a, b). */
    boolean overlaps(long a, long b) {
        for (int i = 0; i < starts.length; i++) {
            if (starts[i] < b && a < ends[i]) {
                return true;
            }
        }
        return false;
    }
}
