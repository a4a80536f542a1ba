package io.albis.bench.format.parquet;

import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.peer.PartReader;
import io.albis.bench.format.peer.ReadColumns;
import io.albis.bench.format.peer.Tally;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.Operators.IntColumn;
import org.apache.parquet.filter2.predicate.Operators.LongColumn;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Reads one Parquet file through parquet-java's record path: the projection as the requested
 * schema, values pushed into {@link ChecksumMaterializer}'s converters. The filter ({@code <=},
 * {@code =} or {@code IN}) goes to parquet-java as a {@code FilterCompat} predicate, so row groups
 * are skipped by statistics, dictionaries and bloom filters, pages by the column index (unless
 * the layout says {@code noindex}), and records by parquet-java's record filter; rows that
 * survive are checked again here, strictly.
 */
record ParquetJavaPartReader(ReadSpec spec, ParquetLayout layout) implements PartReader {

    @Override
    public void read(Path file, Tally into) throws IOException {
        MessageType fileSchema = footerSchema(file);
        List<String> names = new ArrayList<>();
        for (Type t : fileSchema.getFields()) {
            names.add(t.getName());
        }
        ReadColumns cols = ReadColumns.resolve(names, spec, file);
        List<Type> requestedTypes = new ArrayList<>();
        for (String c : cols.toRead()) {
            Type t = fileSchema.getType(c);
            if (!t.isPrimitive()) {
                throw new IOException(file + ": column '" + c + "' is a group; the benchmark reads flat files");
            }
            requestedTypes.add(t);
        }
        MessageType requested = new MessageType(fileSchema.getName(), requestedTypes);
        ChecksumMaterializer materializer = new ChecksumMaterializer(requested, cols.projected(), cols.filter(),
                spec.filterMax(), spec.hasKeyFilter() ? spec.filterKeyArray() : null, file);
        FilterCompat.Filter filter = cols.filter() == null ? FilterCompat.NOOP
                : pushdown(fileSchema.getType(cols.filter()).asPrimitiveType(), spec);
        // parquet-java's defaults, spelled out: every level of filtering on, the column index as the layout says.
        ParquetReadOptions options = options().withRecordFilter(filter).useStatsFilter(true)
                .useDictionaryFilter(true).useBloomFilter(true).useColumnIndexFilter(layout.pageIndex())
                .useRecordFilter(true).build();
        try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file), options)) {
            reader.setRequestedSchema(requested);
            MessageColumnIO io = new ColumnIOFactory().getColumnIO(requested, fileSchema);
            for (PageReadStore pages = reader.readNextFilteredRowGroup(); pages != null;
                    pages = reader.readNextFilteredRowGroup()) {
                readRowGroup(pages, io, materializer, filter);
            }
        } catch (IOException | RuntimeException e) {
            throw new IOException(file + ": parquet-java's record reader failed: " + e.getMessage(), e);
        }
        materializer.addTo(into);
    }

    private static void readRowGroup(PageReadStore pages, MessageColumnIO io, ChecksumMaterializer materializer,
            FilterCompat.Filter filter) {
        try (pages) {
            RecordReader<Object> records = io.getRecordReader(pages, materializer, filter);
            // With a filter the row count is that of the pages kept; the record reader skips the rest.
            for (long i = 0, n = pages.getRowCount(); i < n; i++) {
                records.read();
            }
        }
    }

    private static FilterCompat.Filter pushdown(PrimitiveType t, ReadSpec spec) {
        return spec.hasKeyFilter() ? pushdownKeys(t, spec.filterKeys()) : pushdownAtMost(t, spec.filterMax());
    }

    /**
     * {@code column = key} or {@code column IN keys} for parquet-java; an int column gets only the
     * keys in the int range, as no other key can match it. Without any, nothing is pushed and the
     * strict check drops every row.
     */
    private static FilterCompat.Filter pushdownKeys(PrimitiveType t, List<Long> keys) {
        if (t.getPrimitiveTypeName() == PrimitiveTypeName.INT32) {
            Set<Integer> ints = new HashSet<>();
            for (long k : keys) {
                if (k >= Integer.MIN_VALUE && k <= Integer.MAX_VALUE) {
                    ints.add((int) k);
                }
            }
            IntColumn c = FilterApi.intColumn(t.getName());
            return ints.isEmpty() ? FilterCompat.NOOP : FilterCompat.get(ints.size() == 1
                    ? FilterApi.eq(c, ints.iterator().next()) : FilterApi.in(c, ints));
        }
        LongColumn c = FilterApi.longColumn(t.getName());
        return FilterCompat.get(keys.size() == 1 ? FilterApi.eq(c, keys.get(0)) : FilterApi.in(c, new HashSet<>(keys)));
    }

    /**
     * {@code column <= max} for parquet-java; an int column gets the bound clamped to the int
     * range, which can only keep more rows than the strict check lets through.
     */
    private static FilterCompat.Filter pushdownAtMost(PrimitiveType t, long max) {
        if (t.getPrimitiveTypeName() == PrimitiveTypeName.INT32) {
            int bound = (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, max));
            return FilterCompat.get(FilterApi.ltEq(FilterApi.intColumn(t.getName()), bound));
        }
        return FilterCompat.get(FilterApi.ltEq(FilterApi.longColumn(t.getName()), max));
    }

    /**
     * Read options over parquet-java's plain configuration. Its default builder makes a Hadoop
     * configuration, which parses Hadoop's default resources every time: 5-20 ms a file, which
     * would be most of a lookup's time, and which Spark, say, pays once per job, not per file.
     */
    private static ParquetReadOptions.Builder options() {
        return ParquetReadOptions.builder(new PlainParquetConfiguration());
    }

    private static MessageType footerSchema(Path file) throws IOException {
        try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file), options().build())) {
            return r.getFooter().getFileMetaData().getSchema();
        } catch (IOException | RuntimeException e) {
            throw new IOException(file + ": not a readable Parquet file: " + e.getMessage(), e);
        }
    }
}
