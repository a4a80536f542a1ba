package io.albis.read;

import io.albis.filter.BoundPredicate;
import io.albis.filter.StatsSource;
import io.albis.segment.BloomFilter;
import io.albis.segment.ColumnGroupMetadata;
import io.albis.segment.ColumnStats;
import io.albis.segment.SegmentMetadata;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Level-1 filtering: which rows of a row group can match the filter, judged from segment
 * statistics alone. The row group is cut at every segment boundary of the filtered columns'
 * groups; a stretch is kept unless the statistics of its segments, or their bloom filters, rule
 * the filter out, and marked exact when the statistics show every row passes (a sorted column
 * inside the filter's range), so the reader hands its rows out untested.
 */
final class SegmentPruner {
    private SegmentPruner() {}

    /**
     * The ranges of a row group of {@code rows} rows to read, given its groups' metadata (by group
     * position); counts the needed groups' segments that no range touches in {@code stats}.
     */
    static RowRanges ranges(ReadPlan plan, ColumnGroupMetadata[] metas, long rows, ReadStats stats) {
        if (plan.filter == null || rows == 0) {
            return RowRanges.all(rows);
        }
        BoundPredicate filter = plan.filter;
        Set<Integer> filterColumns = new HashSet<>();
        filter.columns(filterColumns);
        TreeSet<Long> cuts = new TreeSet<>();
        cuts.add(0L);
        cuts.add(rows);
        for (int column : filterColumns) {
            for (SegmentMetadata s : metas[plan.group[column]].segments()) {
                cuts.add(s.firstRow());
            }
        }
        // Each kept stretch: {first row, end row, 1 when the statistics prove every row passes}.
        List<long[]> kept = new ArrayList<>();
        Long prev = null;
        for (long cut : cuts) {
            if (prev != null) {
                long a = prev;
                StatsSource at = statsAt(plan, metas, a);
                if (filter.mayMatch(at)) {
                    long exact = filter.allMatch(at) ? 1 : 0;
                    long[] last = kept.isEmpty() ? null : kept.get(kept.size() - 1);
                    if (last != null && last[1] == a && last[2] == exact) {
                        last[1] = cut;
                    } else {
                        kept.add(new long[] {a, cut, exact});
                    }
                }
            }
            prev = cut;
        }
        boolean[] exact = new boolean[kept.size()];
        for (int i = 0; i < exact.length; i++) {
            exact[i] = kept.get(i)[2] == 1;
        }
        RowRanges ranges = new RowRanges(kept.stream().mapToLong(r -> r[0]).toArray(),
                kept.stream().mapToLong(r -> r[1]).toArray(), exact);
        for (int g : plan.neededGroups) {
            for (SegmentMetadata s : metas[g].segments()) {
                if (!ranges.overlaps(s.firstRow(), s.endRow())) {
                    stats.segmentsSkipped++;
                }
            }
        }
        return ranges;
    }

    /** Statistics of the segments holding row {@code row}, by reader column. */
    private static StatsSource statsAt(ReadPlan plan, ColumnGroupMetadata[] metas, long row) {
        return new StatsSource() {
            @Override
            public ColumnStats stats(int column) {
                return segment(column).stats(plan.slot[column]);
            }

            @Override
            public long rows(int column) {
                return segment(column).rowCount();
            }

            @Override
            public BloomFilter bloomFilter(int column) {
                ColumnGroupMetadata m = metas[plan.group[column]];
                return m.bloomFilter(plan.slot[column], m.segmentOfRow(row));
            }

            private SegmentMetadata segment(int column) {
                ColumnGroupMetadata m = metas[plan.group[column]];
                return m.segments().get(m.segmentOfRow(row));
            }
        };
    }
}
