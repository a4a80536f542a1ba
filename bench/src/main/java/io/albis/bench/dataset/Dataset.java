package io.albis.bench.dataset;

import java.io.IOException;

/**
 * A source table the benchmarks read: an Albis table with exactly {@link #PARTS} row groups, so
 * two threads each take one and every format writes one file per row group.
 */
public interface Dataset {
    /** Row groups (and so files of every other format) of every dataset. */
    int PARTS = 2;

    /** Short name in results, e.g. {@code store_sales} or {@code int}. */
    String name();

    /**
     * Directory name under the data root: the name plus every parameter the rows depend on, so a
     * cached copy is reused only for the same data.
     */
    String key();

    /** Writes the table into {@code path}, a new empty directory. */
    void writeSource(String path) throws IOException;
}
