package io.albis.filter;

import io.albis.segment.BloomFilter;
import io.albis.segment.ColumnStats;
import io.albis.util.ValueOrder;
import java.util.Arrays;
import java.util.List;

/**
 * A predicate in negation normal form bound to the reader's columns with literals converted to
 * the columns' stored form. {@link #test} evaluates a row strictly; {@link #mayMatch} says from
 * statistics alone whether any row of a stretch could pass (false means skip without reading).
 */
public abstract class BoundPredicate {

    public abstract boolean test(RowValues row);

    public abstract boolean mayMatch(StatsSource stats);

    /**
     * Whether the statistics prove that every row of a stretch passes (false when they cannot
     * tell): the reader then hands the stretch's rows out without testing them.
     */
    public boolean allMatch(StatsSource stats) {
        return false;
    }

    /** Reader column indexes this predicate reads. */
    public abstract void columns(java.util.Set<Integer> out);

    static boolean holds(Predicate.Op op, int cmp) {
        return switch (op) {
            case EQ -> cmp == 0;
            case NE -> cmp != 0;
            case LT -> cmp < 0;
            case LE -> cmp <= 0;
            case GT -> cmp > 0;
            case GE -> cmp >= 0;
        };
    }

    /** Does every value in [min, max] satisfy {@code value op literal}? cmpMin = compare(min, lit), cmpMax likewise. */
    static boolean rangeAllHold(Predicate.Op op, int cmpMin, int cmpMax) {
        return switch (op) {
            case EQ -> cmpMin == 0 && cmpMax == 0;
            case NE -> cmpMax < 0 || cmpMin > 0;
            case LT -> cmpMax < 0;
            case LE -> cmpMax <= 0;
            case GT -> cmpMin > 0;
            case GE -> cmpMin >= 0;
        };
    }

    /** Could a value in [min, max] satisfy {@code value op literal}? cmpMin = compare(min, lit), cmpMax likewise. */
    static boolean rangeMayHold(Predicate.Op op, int cmpMin, int cmpMax) {
        return switch (op) {
            case EQ -> cmpMin <= 0 && cmpMax >= 0;
            case NE -> !(cmpMin == 0 && cmpMax == 0);
            case LT -> cmpMin < 0;
            case LE -> cmpMin <= 0;
            case GT -> cmpMax > 0;
            case GE -> cmpMax >= 0;
        };
    }

    abstract static class Leaf extends BoundPredicate {
        final int column;

        Leaf(int column) {
            this.column = column;
        }

        @Override
        public void columns(java.util.Set<Integer> out) {
            out.add(column);
        }

        /** True when no value of the column in the stretch is null and its min and max are known. */
        final boolean noNullsWithRange(StatsSource s) {
            ColumnStats st = s.stats(column);
            return st.nullCount() == 0 && st.hasMinMax() && s.rows(column) > 0;
        }

        /** True when every value of the column in the stretch is null. */
        final boolean allNull(StatsSource s) {
            return s.stats(column).nullCount() >= s.rows(column);
        }
    }

    static final class IsNull extends Leaf {
        final boolean negated;

        IsNull(int column, boolean negated) {
            super(column);
            this.negated = negated;
        }

        @Override
        public boolean test(RowValues row) {
            return row.isNull(column) != negated;
        }

        @Override
        public boolean mayMatch(StatsSource s) {
            if (negated) {
                return !allNull(s);
            }
            return s.stats(column).nullCount() > 0;
        }

        @Override
        public boolean allMatch(StatsSource s) {
            return negated ? s.stats(column).nullCount() == 0 : allNull(s);
        }
    }

    /** Never true: a comparison no stored value can satisfy (e.g. an int column = 2.5). */
    static final class Never extends BoundPredicate {
        @Override
        public boolean test(RowValues row) {
            return false;
        }

        @Override
        public boolean mayMatch(StatsSource stats) {
            return false;
        }

        @Override
        public void columns(java.util.Set<Integer> out) {
        }
    }

    static final class CompareLong extends Leaf {
        final Predicate.Op op;
        final long literal;

        CompareLong(int column, Predicate.Op op, long literal) {
            super(column);
            this.op = op;
            this.literal = literal;
        }

        @Override
        public boolean test(RowValues row) {
            return !row.isNull(column) && holds(op, Long.compare(row.longValue(column), literal));
        }

        @Override
        public boolean mayMatch(StatsSource s) {
            if (allNull(s)) {
                return false;
            }
            ColumnStats st = s.stats(column);
            return (!st.hasMinMax() || rangeMayHold(op, Long.compare(st.minLong(), literal),
                    Long.compare(st.maxLong(), literal)))
                    && (op != Predicate.Op.EQ || BloomFilter.mayHoldLong(s.bloomFilter(column), literal));
        }

        @Override
        public boolean allMatch(StatsSource s) {
            ColumnStats st = s.stats(column);
            return noNullsWithRange(s) && rangeAllHold(op, Long.compare(st.minLong(), literal),
                    Long.compare(st.maxLong(), literal));
        }
    }

    static final class CompareDouble extends Leaf {
        final Predicate.Op op;
        final double literal;

        CompareDouble(int column, Predicate.Op op, double literal) {
            super(column);
            this.op = op;
            this.literal = literal;
        }

        @Override
        public boolean test(RowValues row) {
            return !row.isNull(column) && holds(op, ValueOrder.compareDouble(row.doubleValue(column), literal));
        }

        @Override
        public boolean mayMatch(StatsSource s) {
            if (allNull(s)) {
                return false;
            }
            ColumnStats st = s.stats(column);
            return (!st.hasMinMax() || rangeMayHold(op, ValueOrder.compareDouble(st.minDouble(), literal),
                    ValueOrder.compareDouble(st.maxDouble(), literal)))
                    && (op != Predicate.Op.EQ || BloomFilter.mayHoldDouble(s.bloomFilter(column), literal));
        }

        @Override
        public boolean allMatch(StatsSource s) {
            ColumnStats st = s.stats(column);
            return noNullsWithRange(s) && rangeAllHold(op, ValueOrder.compareDouble(st.minDouble(), literal),
                    ValueOrder.compareDouble(st.maxDouble(), literal));
        }
    }

    static final class CompareBytes extends Leaf {
        private final Predicate.Op op;
        private final byte[] literal;

        CompareBytes(int column, Predicate.Op op, byte[] literal) {
            super(column);
            this.op = op;
            this.literal = literal;
        }

        @Override
        public boolean test(RowValues row) {
            return !row.isNull(column) && holds(op, row.compareBytes(column, literal));
        }

        @Override
        public boolean mayMatch(StatsSource s) {
            if (allNull(s)) {
                return false;
            }
            ColumnStats st = s.stats(column);
            return (!st.hasMinMax() || rangeMayHold(op, Arrays.compareUnsigned(st.minBytes(), literal),
                    Arrays.compareUnsigned(st.maxBytes(), literal)))
                    && (op != Predicate.Op.EQ || BloomFilter.mayHoldBytes(s.bloomFilter(column), literal));
        }
    }

    static final class CompareWide extends Leaf {
        private final Predicate.Op op;
        private final long high;
        private final long low;

        CompareWide(int column, Predicate.Op op, long high, long low) {
            super(column);
            this.op = op;
            this.high = high;
            this.low = low;
        }

        @Override
        public boolean test(RowValues row) {
            return !row.isNull(column)
                    && holds(op, ValueOrder.compare128(row.wideHigh(column), row.wideLow(column), high, low));
        }

        @Override
        public boolean mayMatch(StatsSource s) {
            if (allNull(s)) {
                return false;
            }
            ColumnStats st = s.stats(column);
            return (!st.hasMinMax() || rangeMayHold(op,
                    ValueOrder.compare128(ColumnStats.wideHigh(st.minBytes()), ColumnStats.wideLow(st.minBytes()), high, low),
                    ValueOrder.compare128(ColumnStats.wideHigh(st.maxBytes()), ColumnStats.wideLow(st.maxBytes()), high, low)))
                    && (op != Predicate.Op.EQ || BloomFilter.mayHoldWide(s.bloomFilter(column), high, low));
        }
    }

    /**
     * IN / NOT IN over an integral, date, timestamp or decimal (≤ 18 digits) column: the value is
     * read once and looked up in a sorted array, instead of one comparison per listed value.
     */
    static final class InLongs extends Leaf {
        final long[] sorted;
        final LongSet set;
        final boolean negated;

        InLongs(int column, long[] values, boolean negated) {
            super(column);
            this.sorted = java.util.Arrays.stream(values).sorted().distinct().toArray();
            this.set = LongSet.of(sorted);
            this.negated = negated;
        }

        @Override
        public boolean test(RowValues row) {
            return !row.isNull(column) && set.contains(row.longValue(column)) != negated;
        }

        /** The index of the first listed value at least {@code v} ({@code sorted.length} if none). */
        private int firstAtLeast(long v) {
            int i = java.util.Arrays.binarySearch(sorted, v);
            return i >= 0 ? i : -i - 1;
        }

        @Override
        public boolean allMatch(StatsSource s) {
            if (!noNullsWithRange(s)) {
                return false;
            }
            ColumnStats st = s.stats(column);
            if (!negated) {
                // Every integer of [min, max] listed (a join's kept keys often cover a sorted segment's range).
                long span = st.maxLong() - st.minLong();
                if (span < 0 || span >= sorted.length) {
                    return false; // more integers in the range than listed values (or a range past a long)
                }
                int from = java.util.Arrays.binarySearch(sorted, st.minLong());
                int to = java.util.Arrays.binarySearch(sorted, st.maxLong());
                return from >= 0 && to >= 0 && to - from == span;
            }
            int first = firstAtLeast(st.minLong());
            return first == sorted.length || sorted[first] > st.maxLong();
        }

        @Override
        public boolean mayMatch(StatsSource s) {
            if (allNull(s)) {
                return false;
            }
            ColumnStats st = s.stats(column);
            if (!st.hasMinMax()) {
                return true;
            }
            if (negated) {
                // Only a segment holding one value, and that value listed, has no row outside the list.
                return !(st.minLong() == st.maxLong() && java.util.Arrays.binarySearch(sorted, st.minLong()) >= 0);
            }
            int first = firstAtLeast(st.minLong());
            // the listed values in [min, max]; a bloom filter may rule out every one of them
            return first < sorted.length && sorted[first] <= st.maxLong()
                    && BloomFilter.mayHoldAnyLong(s.bloomFilter(column), sorted, first, st.maxLong());
        }
    }

    /** IN / NOT IN as a disjunction / conjunction of equalities, sharing one leaf per value. */
    static final class InList extends BoundPredicate {
        private final BoundPredicate[] equalities;
        private final boolean negated;
        private final int column;

        InList(int column, List<BoundPredicate> equalities, boolean negated) {
            this.column = column;
            this.equalities = equalities.toArray(new BoundPredicate[0]);
            this.negated = negated;
        }

        @Override
        public boolean test(RowValues row) {
            if (row.isNull(column)) {
                return false;
            }
            if (negated) {
                // NOT IN: the leaves are the != comparisons; all must hold.
                for (BoundPredicate e : equalities) {
                    if (!e.test(row)) {
                        return false;
                    }
                }
                return true;
            }
            for (BoundPredicate e : equalities) {
                if (e.test(row)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public boolean mayMatch(StatsSource s) {
            for (BoundPredicate e : equalities) {
                if (e.mayMatch(s)) {
                    return true; // for NOT IN these are the != leaves: any may hold
                }
            }
            return false;
        }

        @Override
        public void columns(java.util.Set<Integer> out) {
            out.add(column);
        }
    }

    static final class And extends BoundPredicate {
        final BoundPredicate[] terms;

        And(List<BoundPredicate> terms) {
            this.terms = terms.toArray(new BoundPredicate[0]);
        }

        @Override
        public boolean test(RowValues row) {
            for (BoundPredicate t : terms) {
                if (!t.test(row)) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public boolean mayMatch(StatsSource s) {
            for (BoundPredicate t : terms) {
                if (!t.mayMatch(s)) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public boolean allMatch(StatsSource s) {
            for (BoundPredicate t : terms) {
                if (!t.allMatch(s)) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public void columns(java.util.Set<Integer> out) {
            for (BoundPredicate t : terms) {
                t.columns(out);
            }
        }
    }

    static final class Or extends BoundPredicate {
        final BoundPredicate[] terms;

        Or(List<BoundPredicate> terms) {
            this.terms = terms.toArray(new BoundPredicate[0]);
        }

        @Override
        public boolean test(RowValues row) {
            for (BoundPredicate t : terms) {
                if (t.test(row)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public boolean mayMatch(StatsSource s) {
            for (BoundPredicate t : terms) {
                if (t.mayMatch(s)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public boolean allMatch(StatsSource s) {
            for (BoundPredicate t : terms) {
                if (t.allMatch(s)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public void columns(java.util.Set<Integer> out) {
            for (BoundPredicate t : terms) {
                t.columns(out);
            }
        }
    }
}
