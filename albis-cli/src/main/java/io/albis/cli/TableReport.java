package io.albis.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.albis.schema.Column;
import io.albis.schema.ColumnGroup;
import io.albis.schema.Schema;
import io.albis.segment.BloomFilter;
import io.albis.segment.ColumnBloomFilters;
import io.albis.segment.ColumnGroupMetadata;
import io.albis.segment.ColumnStats;
import io.albis.segment.SegmentMetadata;
import io.albis.storage.ReadableFile;
import io.albis.storage.Storage;
import io.albis.table.AlbisTable;
import io.albis.table.RowGroupRef;
import io.albis.table.TableState;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** What {@code albis inspect} shows, as plain records: printed as text or serialized by Jackson. */
@JsonInclude(JsonInclude.Include.NON_NULL)
record TableReport(String table, @JsonProperty("schema_version") int schemaVersion,
        @JsonProperty("state_version") Integer stateVersion, String operation, Map<String, String> properties,
        long rows, @JsonProperty("column_groups") List<GroupInfo> columnGroups,
        @JsonProperty("row_groups") List<RowGroupInfo> rowGroups) {

    record GroupInfo(int id, String name, List<String> columns) {}

    /** A row group; {@code partition} is its partition directory, {@code ""} for the table directory. */
    record RowGroupInfo(int index, String partition, String path, long rows,
            @JsonProperty("column_groups") List<ColumnGroupInfo> columnGroups) {}

    /**
     * A column group in one row group; {@code present} is false for a group added after the row group was written.
     * {@code bloomFilters}: its columns with bloom filters (format 5.1 on), none listed when it has none.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record ColumnGroupInfo(int id, String name, boolean present, @JsonProperty("data_file") String dataFile,
            @JsonProperty("data_bytes") Long dataBytes, @JsonProperty("meta_bytes") Long metaBytes, Long rows,
            @JsonProperty("segment_size") Integer segmentSize,
            @JsonProperty("bloom_filters") @JsonInclude(JsonInclude.Include.NON_EMPTY) List<BloomFilterInfo> bloomFilters,
            List<SegmentInfo> segments) {}

    /** The bloom filters of one column of a column group: the rate they were sized for and the bytes of all its segments'. */
    record BloomFilterInfo(String column, double fpp, long bytes) {}

    record SegmentInfo(int index, long offset, int length, int padding, @JsonProperty("first_row") long firstRow,
            int rows, String crc32c, List<ColumnStatsInfo> columns) {}

    /** {@code bloomFilterBlocks}: the blocks of the column's bloom filter in the segment, when it has one. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record ColumnStatsInfo(String column, String type, int nulls, Object min, Object max, boolean sorted,
            @JsonProperty("bloom_filter_blocks") Integer bloomFilterBlocks) {}

    /** Reads every row group's metadata; with {@code segments} false the per-segment detail is left out. */
    static TableReport of(AlbisTable table, boolean segments) throws IOException {
        Schema schema = table.schema();
        Storage storage = table.storage();
        List<GroupInfo> groups = new ArrayList<>();
        for (ColumnGroup g : schema.groups()) {
            groups.add(new GroupInfo(g.id(), g.name(), valueColumns(schema, g)));
        }
        List<RowGroupInfo> rgs = new ArrayList<>();
        long total = 0;
        for (RowGroupRef rg : table.rowGroups()) {
            Set<Integer> present = table.presentGroups(rg);
            List<ColumnGroupInfo> cgs = new ArrayList<>();
            for (ColumnGroup g : schema.groups()) {
                ColumnGroupMetadata meta = table.metadata(rg, g, present);
                if (meta == null) {
                    cgs.add(new ColumnGroupInfo(g.id(), g.name(), false, null, null, null, null, null, null, null));
                    continue;
                }
                String data = table.dataPath(rg, g);
                cgs.add(new ColumnGroupInfo(g.id(), g.name(), true, data, length(storage, data),
                        length(storage, table.metadataPath(rg, g)), meta.rowCount(), meta.segmentSize(),
                        bloomFilters(schema, g, meta), segments ? segments(schema, g, meta) : null));
            }
            long rows = table.rowCount(rg);
            total += rows;
            rgs.add(new RowGroupInfo(rg.index(), rg.partition(), rg.path(), rows, cgs));
        }
        TableState state = table.state();
        return new TableReport(table.path(), schema.version(), state == null ? null : state.version(),
                state == null ? null : state.operation(), state == null ? Map.of() : state.properties(), total, groups,
                rgs);
    }

    private static List<String> valueColumns(Schema schema, ColumnGroup g) {
        List<String> names = new ArrayList<>();
        for (int c : g.columns()) {
            Column col = schema.column(c);
            names.add(col.isStructMarker() ? col.name() + " (struct presence)" : col.name());
        }
        return names;
    }

    private static List<BloomFilterInfo> bloomFilters(Schema schema, ColumnGroup g, ColumnGroupMetadata meta) {
        List<BloomFilterInfo> out = new ArrayList<>();
        for (ColumnBloomFilters b : meta.bloomFilters()) {
            out.add(new BloomFilterInfo(schema.column(g.column(b.slot())).name(), b.fpp(), b.bytes()));
        }
        return out;
    }

    private static List<SegmentInfo> segments(Schema schema, ColumnGroup g, ColumnGroupMetadata meta) {
        List<SegmentInfo> out = new ArrayList<>();
        List<SegmentMetadata> segs = meta.segments();
        for (int i = 0; i < segs.size(); i++) {
            SegmentMetadata s = segs.get(i);
            List<ColumnStatsInfo> cols = new ArrayList<>();
            for (int slot = 0; slot < g.size(); slot++) {
                Column c = schema.column(g.column(slot));
                ColumnStats st = s.stats(slot);
                boolean mm = st.hasMinMax();
                BloomFilter bloom = meta.bloomFilter(slot, i);
                cols.add(new ColumnStatsInfo(c.name(), c.isStructMarker() ? "struct presence" : c.type().toString(),
                        st.nullCount(), mm ? ValueText.statValue(st, c.type(), true) : null,
                        mm ? ValueText.statValue(st, c.type(), false) : null, st.sorted(),
                        bloom == null ? null : bloom.blockCount()));
            }
            out.add(new SegmentInfo(i, s.offset(), s.length(), s.padding(), s.firstRow(), s.rowCount(),
                    String.format("%08x", s.crc32c()), cols));
        }
        return out;
    }

    private static long length(Storage storage, String path) throws IOException {
        try (ReadableFile f = storage.open(path)) {
            return f.length();
        }
    }
}
