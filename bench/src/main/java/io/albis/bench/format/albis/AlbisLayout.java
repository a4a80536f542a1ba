package io.albis.bench.format.albis;

import io.albis.bench.dataset.DataDirectory;
import io.albis.bench.dataset.TableCopy;
import io.albis.bench.format.BloomFilterColumn;
import io.albis.bench.format.Codecs;
import io.albis.schema.Column;
import io.albis.schema.Schema;
import io.albis.write.WriterOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How an Albis copy of a dataset is laid out, written as the variant in its directory name
 * (see {@link DataDirectory}): dash-separated tokens {@code cg<n>} (column groups of n columns;
 * {@code cg1} is a column store; without it one group holds every column, a row store) and
 * {@code seg<size>} (segment size such as {@code seg64k} or {@code seg4m}; default 1 MiB),
 * {@code bloom_<column>} (bloom filters on the column, see {@link AlbisBloomFilters}), and a
 * storage backend the copy is read from ({@code hdfs}: the harness's HDFS, see
 * {@link BenchStorage}; without it the local copy itself).
 *
 * @param columnsPerGroup 0 for a single group of every column
 * @param storage         "" for the local copy, or a {@link BenchStorage} backend name
 * @param bloomFilter     the column written with bloom filters, or null for none
 */
public record AlbisLayout(int columnsPerGroup, int segmentSize, String storage, BloomFilterColumn bloomFilter) {
    public static final AlbisLayout DEFAULT = new AlbisLayout(0, WriterOptions.DEFAULT_SEGMENT_SIZE);

    public AlbisLayout(int columnsPerGroup, int segmentSize) {
        this(columnsPerGroup, segmentSize, "");
    }

    public AlbisLayout(int columnsPerGroup, int segmentSize, String storage) {
        this(columnsPerGroup, segmentSize, storage, null);
    }

    public AlbisLayout {
        if (columnsPerGroup < 0) {
            throw new IllegalArgumentException("columns per group must be positive, got " + columnsPerGroup);
        }
        // WriterOptions checks the segment size range.
        WriterOptions.defaults().withSegmentSize(segmentSize);
    }

    /** The layout named by the directory an Albis copy is written into or read from. */
    public static AlbisLayout ofDirectory(Path dir) {
        return parse(DataDirectory.variantOf(dir, AlbisDataFormat.DATA_FORMAT, Codecs.NONE));
    }

    public static AlbisLayout parse(String variant) {
        int groups = 0;
        int segment = WriterOptions.DEFAULT_SEGMENT_SIZE;
        String storage = "";
        BloomFilterColumn bloom = null;
        if (!variant.isEmpty()) {
            for (String token : variant.split("-")) {
                if (BenchStorage.BACKENDS.contains(token)) {
                    storage = token;
                } else if (BloomFilterColumn.isToken(token)) {
                    bloom = BloomFilterColumn.ofToken(token);
                } else if (token.matches("cg[1-9][0-9]*")) {
                    groups = Integer.parseInt(token.substring(2));
                } else if (token.matches("seg[1-9][0-9]*[km]?")) {
                    segment = parseSize(token.substring(3));
                } else {
                    throw new IllegalArgumentException("unknown Albis layout '" + token + "' in variant '" + variant
                            + "'; expected cg<n> (columns per group), seg<size> (e.g. seg64k, seg4m),"
                            + " bloom_<column> or a storage backend " + BenchStorage.BACKENDS);
                }
            }
        }
        return new AlbisLayout(groups, segment, storage, bloom);
    }

    private static int parseSize(String s) {
        char unit = s.charAt(s.length() - 1);
        long n = Character.isDigit(unit) ? Long.parseLong(s) : Long.parseLong(s.substring(0, s.length() - 1));
        long bytes = unit == 'k' ? n << 10 : unit == 'm' ? n << 20 : n;
        if (bytes > WriterOptions.MAX_SEGMENT_SIZE) {
            throw new IllegalArgumentException("segment size " + s + " is above the maximum of "
                    + WriterOptions.MAX_SEGMENT_SIZE + " bytes");
        }
        return (int) bytes;
    }

    /** The variant naming this layout ("" for the default). */
    public String variant() {
        List<String> tokens = new ArrayList<>();
        if (columnsPerGroup > 0) {
            tokens.add("cg" + columnsPerGroup);
        }
        if (segmentSize != WriterOptions.DEFAULT_SEGMENT_SIZE) {
            tokens.add("seg" + sizeText(segmentSize));
        }
        if (bloomFilter != null) {
            tokens.add(bloomFilter.token());
        }
        if (!storage.isEmpty()) {
            tokens.add(storage);
        }
        return String.join("-", tokens);
    }

    /** The segment size as a variant writes it: 65536 is {@code 64k}, 4194304 is {@code 4m}. */
    public static String sizeText(int bytes) {
        if (bytes % (1 << 20) == 0) {
            return (bytes >> 20) + "m";
        }
        if (bytes % (1 << 10) == 0) {
            return (bytes >> 10) + "k";
        }
        return Integer.toString(bytes);
    }

    public static AlbisLayout withSegmentSize(int bytes) {
        return new AlbisLayout(0, bytes);
    }

    public static AlbisLayout withColumnsPerGroup(int n) {
        return new AlbisLayout(n, WriterOptions.DEFAULT_SEGMENT_SIZE);
    }

    /** The default layout with bloom filters on {@code column}. */
    public static AlbisLayout withBloomFilter(String column) {
        return new AlbisLayout(0, WriterOptions.DEFAULT_SEGMENT_SIZE, "", new BloomFilterColumn(column));
    }

    /** The options a copy in this layout is written with, one row group per writer. */
    public WriterOptions writerOptions() {
        WriterOptions options = TableCopy.oneRowGroupPerWriter(segmentSize);
        return bloomFilter == null ? options : AlbisBloomFilters.on(options, bloomFilter);
    }

    /** The default layout, read from a storage backend. */
    public static AlbisLayout onStorage(String backend) {
        return new AlbisLayout(0, WriterOptions.DEFAULT_SEGMENT_SIZE, backend);
    }

    /** The source's columns grouped as this layout says. */
    public Schema apply(Schema source) {
        Schema.Builder b = Schema.builder().fields(source.fields());
        if (columnsPerGroup == 1) {
            return b.columnPerGroup().build();
        }
        if (columnsPerGroup == 0) {
            return b.build();
        }
        List<String> names = new ArrayList<>();
        for (Column c : source.columns()) {
            if (!c.deleted()) {
                names.add(c.name());
            }
        }
        Map<String, List<String>> groups = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i += columnsPerGroup) {
            groups.put(String.format(Locale.ROOT, "g%03d", i / columnsPerGroup),
                    names.subList(i, Math.min(names.size(), i + columnsPerGroup)));
        }
        return b.groups(groups).build();
    }
}
