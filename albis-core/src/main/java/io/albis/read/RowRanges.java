package io.albis.read;

/** Row ranges {@code [start(i), end(i))} of a row group, ascending and disjoint: the rows left to read. */
record RowRanges(long[] starts, long[] ends) {
    static final RowRanges NONE = new RowRanges(new long[0], new long[0]);

    static RowRanges all(long rows) {
        return rows == 0 ? NONE : new RowRanges(new long[] {0}, new long[] {rows});
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
