package io.albis.bench.format.peer;

/**
 * Reads every value of one column of a peer's batch into a {@link Tally}: all rows of the batch,
 * or only the selected ones. Each peer has one implementation per way of getting a value, so each
 * loop stays monomorphic; {@link NestedColumnSum} reads lists and maps through them.
 */
public interface ColumnSum {

    /** Rows {@code 0..n-1}. */
    void all(int n, Tally t);

    /** Rows {@code sel[0..k-1]}. */
    void selected(int[] sel, int k, Tally t);
}
