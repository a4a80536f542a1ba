package io.albis.bench.jmh;

import io.albis.filter.BoundPredicate;
import io.albis.filter.Predicate;
import io.albis.filter.PredicateBinder;
import io.albis.filter.Predicates;
import io.albis.filter.RowValues;
import io.albis.filter.StatsSource;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.schema.ColumnGroup;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.segment.ColumnStats;
import io.albis.segment.SegmentMetadata;
import io.albis.table.RowGroupRef;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Filter costs over a table of two int columns, {@code a} (the row number, so sorted) and
 * {@code b} (0..999 at random, 5% null), in 64 KiB segments. Predicates:
 * {@code le} = {@code b <= 499}; {@code and} = {@code a >= rows/4 AND b <= 499};
 * {@code in10} = {@code b IN (0, 111, ..., 999)}.
 * <ul>
 *   <li>{@link #testRows}: {@link BoundPredicate#test} on every row while iterating; compare with
 *       {@link #iterateRows}, the same iteration without the test, for the test's own cost.</li>
 *   <li>{@link #readerFilter}: the reader's own filtering (pruning, then the strict row test).</li>
 *   <li>{@link #mayMatchSegments}: {@link BoundPredicate#mayMatch} on the statistics of every
 *       segment of the table (level-1 pruning alone, no data read).</li>
 * </ul>
 * Each returns a count of matching rows (or segments that may match).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class FilterEvaluationBenchmark {

    /** The table, shared by every predicate. */
    public static class Table extends TableTrial {
        @Param({"4096", "1048576"})
        public int rows;

        @Override
        protected String tableName() {
            return "filter";
        }

        @Override
        protected void writeTable(Path dir) throws IOException {
            SyntheticData.writeFilterTable(dir, rows);
        }
    }

    /** One predicate, bound to the reader's columns, and the statistics of every segment. */
    @State(Scope.Benchmark)
    public static class Filter {
        @Param({"le", "and", "in10"})
        public String predicate;

        public Predicate filter;
        public BoundPredicate bound;
        public List<SegmentMetadata> segments;
        SegmentStats stats;

        @Setup(Level.Trial)
        public void setUp(Table t) throws IOException {
            filter = predicate(predicate, t.rows);
            Schema schema = t.table.schema();
            // A reader without projection has the table's columns in schema order, so reader
            // column i is table column i.
            bound = PredicateBinder.bind(filter, new PredicateBinder.Columns() {
                @Override
                public int resolve(String name) {
                    return schema.columnIndex(name);
                }

                @Override
                public DataType type(int column) {
                    return schema.column(column).type();
                }
            });
            int[] slots = new int[schema.columnCount()];
            for (int c = 0; c < slots.length; c++) {
                slots[c] = schema.slotOf(c);
            }
            stats = new SegmentStats(slots);
            segments = new ArrayList<>();
            ColumnGroup group = schema.groups().get(0);
            for (RowGroupRef rg : t.table.rowGroups()) {
                segments.addAll(t.table.metadata(rg, group, t.table.presentGroups(rg)).segments());
            }
        }
    }

    /** The predicate named by the {@code predicate} parameter for a table of {@code rows} rows. */
    public static Predicate predicate(String name, int rows) {
        return switch (name) {
            case "le" -> Predicates.le("b", 499);
            case "and" -> Predicates.and(Predicates.ge("a", rows / 4), Predicates.le("b", 499));
            case "in10" -> Predicates.in("b", 0, 111, 222, 333, 444, 555, 666, 777, 888, 999);
            default -> throw new IllegalArgumentException("unknown predicate " + name + "; expected le, and or in10");
        };
    }

    @Benchmark
    public long testRows(Table t, Filter f) throws IOException {
        BoundPredicate p = f.bound;
        long matches = 0;
        try (AlbisReader reader = t.table.newReader()) {
            RowValues values = reader.filterValues();
            while (reader.advance()) {
                if (p.test(values)) {
                    matches++;
                }
            }
        }
        return matches;
    }

    @Benchmark
    public long iterateRows(Table t) throws IOException {
        long rows = 0;
        try (AlbisReader reader = t.table.newReader()) {
            while (reader.advance()) {
                rows++;
            }
        }
        return rows;
    }

    @Benchmark
    public long readerFilter(Table t, Filter f) throws IOException {
        long matches = 0;
        try (AlbisReader reader = t.table.newReader(ReadOptions.all().withFilter(f.filter))) {
            while (reader.advance()) {
                matches++;
            }
        }
        return matches;
    }

    @Benchmark
    public long mayMatchSegments(Filter f) {
        BoundPredicate p = f.bound;
        SegmentStats stats = f.stats;
        long kept = 0;
        for (SegmentMetadata s : f.segments) {
            stats.segment = s;
            if (p.mayMatch(stats)) {
                kept++;
            }
        }
        return kept;
    }

    /** The statistics of one segment by reader column; reused so the loop allocates nothing. */
    static final class SegmentStats implements StatsSource {
        private final int[] slots;
        SegmentMetadata segment;

        SegmentStats(int[] slots) {
            this.slots = slots;
        }

        @Override
        public ColumnStats stats(int column) {
            return segment.stats(slots[column]);
        }

        @Override
        public long rows(int column) {
            return segment.rowCount();
        }
    }
}
