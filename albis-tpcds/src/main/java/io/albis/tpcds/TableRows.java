package io.albis.tpcds;

import java.util.Iterator;
import java.util.List;

/**
 * The generated rows of one TPC-DS table, as io.trino.tpcds gives them: text values, null for
 * null. The interface is loaded once; its implementation ({@link GeneratedRows}) by a
 * {@link SeededClassLoader} per seed and thread. Public because that loader defines the
 * implementation in a package of its own.
 */
public interface TableRows {
    /**
     * Rows of chunk {@code chunk} (from 1) of {@code parallelism} equal chunks of {@code table};
     * the chunks in order make the table.
     */
    Iterator<List<String>> rows(String table, double scale, int parallelism, int chunk);

    /** An implementation whose random number streams start from {@code seed}. */
    static TableRows seeded(TpcdsSeed seed) {
        try {
            Class<?> c = new SeededClassLoader(seed).loadClass(GeneratedRows.class.getName());
            return (TableRows) c.getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot load the TPC-DS generator with seed " + seed, e);
        }
    }
}
