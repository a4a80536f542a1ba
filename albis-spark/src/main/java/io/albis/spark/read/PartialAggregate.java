package io.albis.spark.read;

import java.util.Arrays;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * One function of a pushed aggregate over the groups a task holds ({@link GroupIds}): each adds
 * the rows of a loaded batch ({@link BatchValues}) to their groups in one loop over plain arrays,
 * and hands out each group's partial value as Spark holds it, of the type
 * {@link ScanAggregation.Function#result()} names.
 *
 * <p>A sum never leaves the range of the type Spark reads it back as: a sum of integers the range
 * of a long; a sum of {@code DECIMAL(p, s)} the range of {@code DECIMAL(p, s)} itself, since Spark
 * casts each partial sum of a decimal back to the column's type before adding the partial sums up
 * (its rule for partially pushed aggregates). When adding a value would leave it, the group's sum
 * so far is split off ({@link #splits()}) and the group's sum starts again from that value; the
 * task hands Spark each split as a row of its own, which adds it like any partial row. So sums
 * are exact whatever the values, and Spark detects an overflow of the whole sum as it would
 * without the scan's help.
 */
abstract class PartialAggregate {
    /** Makes room for {@code groups} groups. */
    abstract void ensure(int groups);

    /** Adds rows {@code from} to {@code to - 1} of the loaded batch, row {@code r} to group {@code ids[r]}. */
    abstract void add(BatchValues values, int[] ids, int from, int to);

    /** Group {@code group}'s partial value (null where it has none: a min, max or sum of no value). */
    abstract Object value(int group);

    /** Forgets the first {@code groups} groups, and the splits. */
    abstract void clear(int groups);

    /** Partial values split off a group's sum since the last {@link #clear}. */
    int splits() {
        return 0;
    }

    /** The group of split {@code i}. */
    int splitGroup(int i) {
        throw new IndexOutOfBoundsException(i);
    }

    /** Split {@code i}'s value. */
    Object splitValue(int i) {
        throw new IndexOutOfBoundsException(i);
    }

    /** The value that adds nothing in a row carrying another function's split: 0 for counts, else null. */
    Object nothing() {
        return null;
    }

    static PartialAggregate of(ScanAggregation.Function f) {
        DataType t = f.type();
        int c = f.column();
        return switch (f.kind()) {
            case COUNT_ROWS, COUNT_VALUES -> new Count(c);
            case SUM -> ScanAggregation.floating(t) ? new DoubleSum(c) : new LongSum(c, f.result(),
                    t instanceof DecimalType d ? largestUnscaled(d.precision()) : Long.MAX_VALUE);
            case MIN, MAX -> {
                boolean max = f.kind() == ScanAggregation.Kind.MAX;
                if (ScanAggregation.floating(t)) {
                    yield new DoubleExtreme(c, max, t instanceof FloatType);
                }
                yield ScanAggregation.longValued(t) ? new LongExtreme(c, max, t) : new StringExtreme(c, max);
            }
        };
    }

    /** The largest unscaled value of a decimal of {@code precision} digits (at most 18): 10^precision - 1. */
    static long largestUnscaled(int precision) {
        long p = 1;
        for (int i = 0; i < precision; i++) {
            p *= 10;
        }
        return p - 1;
    }

    /**
     * A function whose state is arrays indexed by group, grown together ({@link #resize}) and
     * reset together ({@link #reset}), with a flag per group for whether it has a value yet.
     */
    private abstract static class GroupArrays extends PartialAggregate {
        /** The argument's column in the batch; -1 for {@code count(*)}. */
        final int column;
        boolean[] seen = new boolean[0];

        GroupArrays(int column) {
            this.column = column;
        }

        @Override
        final void ensure(int groups) {
            if (seen.length < groups) {
                int n = Math.max(groups, seen.length * 2);
                seen = Arrays.copyOf(seen, n);
                resize(n);
            }
        }

        /** Grows the function's own arrays to {@code n} groups. */
        abstract void resize(int n);

        @Override
        void clear(int groups) {
            int n = Math.min(groups, seen.length);
            Arrays.fill(seen, 0, n, false);
            reset(n);
        }

        /** Resets the function's own arrays for the first {@code n} groups. */
        void reset(int n) {}
    }

    /** {@code count(*)} (no column), or {@code count(c)}: the rows where {@code c} is not null. */
    private static final class Count extends GroupArrays {
        private long[] counts = new long[0];

        Count(int column) {
            super(column);
        }

        @Override
        void resize(int n) {
            counts = Arrays.copyOf(counts, n);
        }

        @Override
        void add(BatchValues values, int[] ids, int from, int to) {
            long[] c = counts;
            if (column < 0) {
                for (int r = from; r < to; r++) {
                    c[ids[r]]++;
                }
                return;
            }
            boolean[] isNull = values.nulls[column];
            for (int r = from; r < to; r++) {
                if (!isNull[r]) {
                    c[ids[r]]++;
                }
            }
        }

        @Override
        Object value(int group) {
            return counts[group];
        }

        @Override
        void reset(int n) {
            Arrays.fill(counts, 0, n, 0);
        }

        @Override
        Object nothing() {
            return 0L;
        }
    }

    /**
     * The sum of integers (into a long) or of decimals of up to 18 digits (their unscaled values),
     * each group's sum kept within {@code [-bound, bound]}, splits made where it would leave it.
     */
    private static final class LongSum extends GroupArrays {
        private final DataType result;
        private final long bound;
        private long[] sums = new long[0];
        private int[] splitGroups = new int[16];
        private long[] splitSums = new long[16];
        private int splits;

        LongSum(int column, DataType result, long bound) {
            super(column);
            this.result = result;
            this.bound = bound;
        }

        @Override
        void resize(int n) {
            sums = Arrays.copyOf(sums, n);
        }

        @Override
        void add(BatchValues values, int[] ids, int from, int to) {
            long[] v = values.longs[column];
            boolean[] isNull = values.nulls[column];
            long[] s = sums;
            boolean[] any = seen;
            for (int r = from; r < to; r++) {
                if (!isNull[r]) {
                    int g = ids[r];
                    long a = s[g];
                    long x = v[r];
                    long sum = a + x;
                    // a long overflow (both operands' signs differ from the sum's), or out of the bound
                    if (((a ^ sum) & (x ^ sum)) < 0 || sum > bound || sum < -bound) {
                        split(g, a);
                        sum = x;
                    }
                    s[g] = sum;
                    any[g] = true;
                }
            }
        }

        private void split(int group, long sum) {
            if (splits == splitGroups.length) {
                splitGroups = Arrays.copyOf(splitGroups, splits * 2);
                splitSums = Arrays.copyOf(splitSums, splits * 2);
            }
            splitGroups[splits] = group;
            splitSums[splits++] = sum;
        }

        private Object sparkValue(long sum) {
            return result instanceof DecimalType d ? Decimal.apply(sum, d.precision(), d.scale()) : (Object) sum;
        }

        @Override
        Object value(int group) {
            return seen[group] ? sparkValue(sums[group]) : null;
        }

        @Override
        void reset(int n) {
            Arrays.fill(sums, 0, n, 0);
            splits = 0;
        }

        @Override
        int splits() {
            return splits;
        }

        @Override
        int splitGroup(int i) {
            return splitGroups[i];
        }

        @Override
        Object splitValue(int i) {
            return sparkValue(splitSums[i]);
        }
    }

    /** The sum of floating point, as a double added in row order from 0.0, as Spark's own partial sum adds it. */
    private static final class DoubleSum extends GroupArrays {
        private double[] sums = new double[0];

        DoubleSum(int column) {
            super(column);
        }

        @Override
        void resize(int n) {
            sums = Arrays.copyOf(sums, n);
        }

        @Override
        void add(BatchValues values, int[] ids, int from, int to) {
            double[] v = values.doubles[column];
            boolean[] isNull = values.nulls[column];
            double[] s = sums;
            boolean[] any = seen;
            for (int r = from; r < to; r++) {
                if (!isNull[r]) {
                    int g = ids[r];
                    s[g] += v[r];
                    any[g] = true;
                }
            }
        }

        @Override
        Object value(int group) {
            return seen[group] ? (Object) sums[group] : null;
        }

        @Override
        void reset(int n) {
            Arrays.fill(sums, 0, n, 0.0);
        }
    }

    /** The minimum or maximum of a long-valued column (booleans as 0 and 1). */
    private static final class LongExtreme extends GroupArrays {
        private final boolean max;
        private final DataType type;
        private long[] best = new long[0];

        LongExtreme(int column, boolean max, DataType type) {
            super(column);
            this.max = max;
            this.type = type;
        }

        @Override
        void resize(int n) {
            best = Arrays.copyOf(best, n);
        }

        @Override
        void add(BatchValues values, int[] ids, int from, int to) {
            long[] v = values.longs[column];
            boolean[] isNull = values.nulls[column];
            long[] b = best;
            boolean[] any = seen;
            if (max) {
                for (int r = from; r < to; r++) {
                    int g = ids[r];
                    if (!isNull[r] && (!any[g] || v[r] > b[g])) {
                        b[g] = v[r];
                        any[g] = true;
                    }
                }
            } else {
                for (int r = from; r < to; r++) {
                    int g = ids[r];
                    if (!isNull[r] && (!any[g] || v[r] < b[g])) {
                        b[g] = v[r];
                        any[g] = true;
                    }
                }
            }
        }

        @Override
        Object value(int group) {
            return seen[group] ? BatchValues.sparkValue(best[group], type) : null;
        }
    }

    /**
     * The minimum or maximum of floating point in SQL's order (NaN above every number, -0.0 equal
     * to 0.0); of equal values the first in row order stays, as Spark's own {@code min}/{@code max}
     * keep it.
     */
    private static final class DoubleExtreme extends GroupArrays {
        /** 1 for the maximum, -1 for the minimum. */
        private final int sign;
        private final boolean floats;
        private double[] best = new double[0];

        DoubleExtreme(int column, boolean max, boolean floats) {
            super(column);
            this.sign = max ? 1 : -1;
            this.floats = floats;
        }

        @Override
        void resize(int n) {
            best = Arrays.copyOf(best, n);
        }

        @Override
        void add(BatchValues values, int[] ids, int from, int to) {
            double[] v = values.doubles[column];
            boolean[] isNull = values.nulls[column];
            double[] b = best;
            boolean[] any = seen;
            for (int r = from; r < to; r++) {
                int g = ids[r];
                if (!isNull[r] && (!any[g] || sign * compare(v[r], b[g]) > 0)) {
                    b[g] = v[r];
                    any[g] = true;
                }
            }
        }

        private static int compare(double x, double y) {
            return x == y ? 0 : Double.compare(x, y);
        }

        @Override
        Object value(int group) {
            if (!seen[group]) {
                return null;
            }
            return floats ? (Object) (float) best[group] : (Object) best[group];
        }
    }

    /**
     * The minimum or maximum of strings, as Spark orders them (unsigned bytes); a new extreme is
     * copied out of the segment, which the reader reuses.
     */
    private static final class StringExtreme extends GroupArrays {
        /** 1 for the maximum, -1 for the minimum. */
        private final int sign;
        private UTF8String[] best = new UTF8String[0];

        StringExtreme(int column, boolean max) {
            super(column);
            this.sign = max ? 1 : -1;
        }

        @Override
        void resize(int n) {
            best = Arrays.copyOf(best, n);
        }

        @Override
        void add(BatchValues values, int[] ids, int from, int to) {
            AlbisColumnVector v = values.vectors[column];
            boolean[] isNull = values.nulls[column];
            UTF8String[] b = best;
            for (int r = from; r < to; r++) {
                if (!isNull[r]) {
                    int g = ids[r];
                    UTF8String s = v.getUTF8String(r);
                    if (b[g] == null || sign * s.binaryCompare(b[g]) > 0) {
                        b[g] = s.copy();
                    }
                }
            }
        }

        @Override
        Object value(int group) {
            return best[group];
        }

        @Override
        void reset(int n) {
            Arrays.fill(best, 0, n, null);
        }
    }
}
