package io.albis.bench.format.peer;

import java.util.List;

/**
 * What a peer's reader does with each batch it loads: with no filter, every row of every projected
 * column into the thread's {@link Tally}; with one, the rows the {@link RowFilter} selects. Made
 * once per file over the column sums of its batch's vectors, which each load refills.
 */
public final class BatchSums {
    private final ColumnSum[] sums;
    private final RowFilter filter;
    private int[] sel = new int[0];

    /** @param filter the filter, or null to count every row */
    public BatchSums(List<ColumnSum> sums, RowFilter filter) {
        this.sums = sums.toArray(new ColumnSum[0]);
        this.filter = filter;
    }

    /** Adds the {@code n} rows of the batch just loaded. */
    public void add(int n, Tally into) {
        if (filter == null) {
            for (ColumnSum s : sums) {
                s.all(n, into);
            }
            into.addRows(n);
            return;
        }
        if (sel.length < n) {
            sel = new int[n];
        }
        int k = filter.select(n, sel);
        for (ColumnSum s : sums) {
            s.selected(sel, k, into);
        }
        into.addRows(k);
    }
}
