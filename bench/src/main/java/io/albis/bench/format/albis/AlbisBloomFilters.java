package io.albis.bench.format.albis;

import io.albis.bench.format.BloomFilterColumn;
import io.albis.write.WriterOptions;

/**
 * The one place where the harness asks albis-core's writer for bloom filters. The albis-core this
 * module is built against has no bloom filters in its writer options yet, so {@link #WRITTEN} is
 * false: the lookup experiment plans no Albis copy with bloom filters, and a variant that names
 * one is refused when its copy is written. Wiring them is two lines here: {@link #WRITTEN} true,
 * and {@link #on} returning {@code options.withBloomFilter(bloom.column(), BloomFilterColumn.FPP)}.
 */
public final class AlbisBloomFilters {
    /** Whether Albis copies can be written with bloom filters. */
    public static final boolean WRITTEN = false;

    private AlbisBloomFilters() {}

    /** {@code options} with bloom filters on the column, at {@link BloomFilterColumn#FPP}. */
    static WriterOptions on(WriterOptions options, BloomFilterColumn bloom) {
        throw new UnsupportedOperationException("this albis-core writes no bloom filters, so no Albis copy has them"
                + " (variant token " + bloom.token() + ")");
    }
}
