package io.albis.bench.format.albis;

import io.albis.bench.format.BloomFilterColumn;
import io.albis.write.WriterOptions;
import java.util.List;

/** The one place where the harness asks albis-core's writer for bloom filters (format 5.1). */
public final class AlbisBloomFilters {
    /** Whether Albis copies can be written with bloom filters. */
    public static final boolean WRITTEN = true;

    private AlbisBloomFilters() {}

    /** {@code options} with bloom filters on the column, at {@link BloomFilterColumn#FPP}, as the Parquet copies have them. */
    static WriterOptions on(WriterOptions options, BloomFilterColumn bloom) {
        return options.withBloomFilterColumns(List.of(bloom.column())).withBloomFilterFpp(BloomFilterColumn.FPP);
    }
}
