package io.albis.spark.read;

import io.albis.schema.DataType;
import io.albis.segment.ColumnGroupMetadata;
import io.albis.segment.ColumnStats;
import io.albis.segment.SegmentMetadata;
import io.albis.segment.StatKind;
import io.albis.util.ValueOrder;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.spark.sql.types.Decimal;

/**
 * One column's null count, minimum and maximum over the segments of one or more row groups, from
 * their segment metadata (docs/FORMAT.md §8), without reading a row. The extremes follow
 * {@link ValueOrder} (SQL's order: NaN above every number) and come out as Spark holds the values
 * (a {@code DATE} as its days, a {@code DECIMAL} as a {@link Decimal}, ...). Strings and binaries
 * have none here: their kept extremes may be cut at {@link ColumnStats#MAX_STAT_BYTES} and Spark's
 * planner uses none for them.
 */
final class ColumnExtremes {
    private final DataType type;
    private final StatKind kind;
    private long nulls;
    private boolean found;
    /** The first row of the first segment that holds values but no extremes, -1 for none. */
    private long unknownAt = -1;
    private long minLong;
    private long maxLong;
    private double minDouble;
    private double maxDouble;
    private BigInteger minWide;
    private BigInteger maxWide;

    ColumnExtremes(DataType type) {
        this.type = type;
        this.kind = StatKind.of(type);
    }

    /** Adds the segments of one column group's metadata; {@code slot} is the column's place in the group. */
    void add(ColumnGroupMetadata meta, int slot) {
        for (SegmentMetadata s : meta.segments()) {
            ColumnStats st = s.stats(slot);
            nulls += st.nullCount();
            if (!st.hasMinMax() || !hasExtremes()) {
                if (st.nullCount() < s.rowCount() && unknownAt < 0) {
                    unknownAt = s.firstRow();
                }
                continue;
            }
            switch (kind) {
                case DOUBLE -> {
                    if (!found || ValueOrder.compareDouble(st.minDouble(), minDouble) < 0) {
                        minDouble = st.minDouble();
                    }
                    if (!found || ValueOrder.compareDouble(st.maxDouble(), maxDouble) > 0) {
                        maxDouble = st.maxDouble();
                    }
                }
                case WIDE -> {
                    BigInteger min = wide(st.minBytes());
                    BigInteger max = wide(st.maxBytes());
                    if (!found || min.compareTo(minWide) < 0) {
                        minWide = min;
                    }
                    if (!found || max.compareTo(maxWide) > 0) {
                        maxWide = max;
                    }
                }
                default -> {
                    if (!found || st.minLong() < minLong) {
                        minLong = st.minLong();
                    }
                    if (!found || st.maxLong() > maxLong) {
                        maxLong = st.maxLong();
                    }
                }
            }
            found = true;
        }
    }

    /** Whether the column's type has extremes here: booleans, numbers, dates and timestamps. */
    boolean hasExtremes() {
        return kind == StatKind.LONG || kind == StatKind.DOUBLE || kind == StatKind.WIDE;
    }

    long nullCount() {
        return nulls;
    }

    /**
     * The first row of the first segment added that holds values but no extremes (damage for a
     * type that has them), or -1: the extremes then cover every value added.
     */
    long unknownAt() {
        return unknownAt;
    }

    /** The smallest value added, as Spark holds it; null when no value was (every one null, or none added). */
    Object min() {
        return found ? value(minLong, minDouble, minWide) : null;
    }

    /** The largest value added, as Spark holds it; null when no value was. */
    Object max() {
        return found ? value(maxLong, maxDouble, maxWide) : null;
    }

    private Object value(long l, double d, BigInteger wide) {
        return switch (type.id()) {
            case BOOLEAN -> l != 0;
            case BYTE -> (byte) l;
            case SHORT -> (short) l;
            case INT, DATE -> (int) l;
            case LONG, TIMESTAMP, TIMESTAMP_NTZ -> l;
            case FLOAT -> (float) d;
            case DOUBLE -> d;
            case DECIMAL -> kind == StatKind.WIDE
                    ? Decimal.apply(new BigDecimal(wide, type.scale()), type.precision(), type.scale())
                    : Decimal.apply(l, type.precision(), type.scale());
            default -> throw new IllegalStateException("no extremes for " + type);
        };
    }

    /** A wide decimal's unscaled value: 16 little-endian two's complement bytes. */
    private static BigInteger wide(byte[] littleEndian) {
        ByteBuffer b = ByteBuffer.wrap(littleEndian).order(ByteOrder.LITTLE_ENDIAN);
        long low = b.getLong(0);
        long high = b.getLong(8);
        return BigInteger.valueOf(high).shiftLeft(64).or(new BigInteger(Long.toUnsignedString(low)));
    }
}
