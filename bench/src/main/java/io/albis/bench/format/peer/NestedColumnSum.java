package io.albis.bench.format.peer;

import java.util.Arrays;

/**
 * A peer's list or map column, by {@link io.albis.scan.ValueChecksum}'s rules: a list adds its
 * element count and its elements, a map its entry count, its keys and its values; a null list or
 * map is one null. Each peer keeps such a column as per-row offsets and lengths ({@link Rows}) over
 * a child vector of elements, or a key and a value vector; the children are read by the peer's
 * own {@link ColumnSum}s. With every row of a batch read, the elements are usually the first ones
 * of the child, back to back: the child is then read as one flat column of that many values.
 * Otherwise (rows left out by a filter, or gaps a peer leaves under null rows) the children read
 * the elements' positions one by one.
 */
public final class NestedColumnSum implements ColumnSum {

    /** A list or map vector of one batch, as rows over its child vectors. */
    public interface Rows {
        boolean isNull(int row);

        /** Position of the row's first element (or entry) in the child vectors. */
        int start(int row);

        int length(int row);
    }

    private final Rows rows;
    private final ColumnSum[] children;
    private int[] positions = new int[1024];

    private NestedColumnSum(Rows rows, ColumnSum... children) {
        this.rows = rows;
        this.children = children;
    }

    public static ColumnSum list(Rows rows, ColumnSum elements) {
        return new NestedColumnSum(rows, elements);
    }

    public static ColumnSum map(Rows rows, ColumnSum keys, ColumnSum values) {
        return new NestedColumnSum(rows, keys, values);
    }

    @Override
    public void all(int n, Tally t) {
        read(null, n, t);
    }

    @Override
    public void selected(int[] sel, int k, Tally t) {
        read(sel, k, t);
    }

    /** Rows {@code 0..n-1} ({@code sel == null}) or {@code sel[0..n-1]}. */
    private void read(int[] sel, int n, Tally t) {
        int nulls = 0;
        int end = 0;
        boolean backToBack = true;
        for (int j = 0; j < n; j++) {
            int r = sel == null ? j : sel[j];
            if (rows.isNull(r)) {
                nulls++;
            } else if (backToBack) {
                int start = rows.start(r);
                backToBack = start == end;
                end = start + rows.length(r);
            }
        }
        if (backToBack) {
            t.add(end, 0, nulls);
            for (ColumnSum c : children) {
                c.all(end, t);
            }
            return;
        }
        int k = 0;
        for (int j = 0; j < n; j++) {
            int r = sel == null ? j : sel[j];
            if (!rows.isNull(r)) {
                int start = rows.start(r);
                int length = rows.length(r);
                if (positions.length < k + length) {
                    positions = Arrays.copyOf(positions, Math.max(k + length, positions.length * 2));
                }
                for (int e = 0; e < length; e++) {
                    positions[k++] = start + e;
                }
            }
        }
        t.add(k, 0, nulls);
        for (ColumnSum c : children) {
            c.selected(positions, k, t);
        }
    }
}
