package io.albis.bench.format.peer;

/** The benchmark's filter on one batch of a peer: the rows whose filter column is not null and at most the bound. */
public interface RowFilter {

    /** Writes the matching row indexes of rows [0, n) into {@code sel} and returns how many there are. */
    int select(int n, int[] sel);
}
