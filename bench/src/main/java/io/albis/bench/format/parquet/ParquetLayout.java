package io.albis.bench.format.parquet;

import io.albis.bench.dataset.DataDirectory;
import io.albis.bench.format.BloomFilterColumn;
import io.albis.convert.parquet.ParquetWriterSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.column.values.bloomfilter.BlockSplitBloomFilter;

/**
 * How a Parquet copy is written and read, as the variant in its directory name (see
 * {@link DataDirectory}; "" for parquet-java's defaults, the copy every other experiment reads):
 * dash-separated tokens {@code bloom_<column>} (a split-block bloom filter on the column in every
 * row group, which parquet-java's reader uses by default) and {@code noindex} (the reader leaves
 * the column index, Parquet's page index, unused; the file still has one, as parquet-java always
 * writes it).
 *
 * @param bloomFilter the column written with bloom filters, or null for none
 * @param pageIndex   whether parquet-java's reader skips pages by the column index
 */
public record ParquetLayout(BloomFilterColumn bloomFilter, boolean pageIndex) {
    /** The data format of the copies a layout describes. */
    public static final String DATA_FORMAT = ParquetFormat.EXT;
    public static final ParquetLayout DEFAULT = new ParquetLayout(null, true);
    private static final String NO_INDEX = "noindex";
    static ParquetLayout ofDirectory(Path dir) {
        return parse(DataDirectory.variantOf(dir, DATA_FORMAT));
    }

    static ParquetLayout parse(String variant) {
        BloomFilterColumn bloom = null;
        boolean pageIndex = true;
        if (!variant.isEmpty()) {
            for (String token : variant.split("-")) {
                if (BloomFilterColumn.isToken(token)) {
                    bloom = BloomFilterColumn.ofToken(token);
                } else if (token.equals(NO_INDEX)) {
                    pageIndex = false;
                } else {
                    throw new IllegalArgumentException("unknown Parquet layout '" + token + "' in variant '" + variant
                            + "'; expected bloom_<column> or " + NO_INDEX);
                }
            }
        }
        return new ParquetLayout(bloom, pageIndex);
    }

    /** parquet-java's defaults with a bloom filter on {@code column}. */
    public static ParquetLayout withBloomFilter(String column) {
        return new ParquetLayout(new BloomFilterColumn(column), true);
    }

    /** The layout read without the column index. */
    public ParquetLayout withoutPageIndex() {
        return new ParquetLayout(bloomFilter, false);
    }

    /** The variant naming this layout ("" for the default). */
    public String variant() {
        List<String> tokens = new ArrayList<>();
        if (bloomFilter != null) {
            tokens.add(bloomFilter.token());
        }
        if (!pageIndex) {
            tokens.add(NO_INDEX);
        }
        return String.join("-", tokens);
    }

    /**
     * The writer's settings for a file of {@code rows} rows. With a bloom filter, parquet-java's
     * adaptive one: while a row group is written it fills candidate filters of halving sizes (a
     * power of two bytes each) from one large enough for {@code rows} distinct keys at
     * {@link BloomFilterColumn#FPP} down, and keeps the smallest that holds the keys the row
     * group has at that rate; so each row group's filter fits its own keys however many row
     * groups the file gets.
     */
    ParquetWriterSettings writerSettings(long rows) {
        if (bloomFilter == null) {
            return ParquetWriterSettings.DEFAULTS;
        }
        String column = bloomFilter.column();
        // The largest candidate is the largest power of two within the limit: the limit is one that holds every row.
        int bytes = BlockSplitBloomFilter.optimalNumOfBits(rows, BloomFilterColumn.FPP) / 8;
        int maxBytes = Integer.highestOneBit(Math.max(1, bytes - 1)) << 1;
        return builder -> builder.withBloomFilterEnabled(column, true)
                .withBloomFilterFPP(column, BloomFilterColumn.FPP)
                .withAdaptiveBloomFilterEnabled(true)
                .withMaxBloomFilterBytes(maxBytes);
    }
}
