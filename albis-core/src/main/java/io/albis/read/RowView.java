package io.albis.read;

import io.albis.filter.RowValues;
import io.albis.row.RowSlot;
import io.albis.row.SegmentRows;
import io.albis.schema.Column;
import io.albis.schema.DataType;
import io.albis.schema.TypeId;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A reader's current row by reader column: each column's value is read where its column group's
 * {@link SegmentRows} stands, at the column's slot. No value is copied or boxed until a getter
 * asks for an object. Before the first row and after the last, every column reads as null.
 */
final class RowView implements AlbisRow, RowValues {
    private final Projection plan;
    /** Each reader column's slot in the rows of its column group. */
    private final RowSlot[] slots;
    private final TypeId[] typeId;
    private final boolean[] wide;
    private byte[] scratch = new byte[64];

    /** {@code rowsOfGroup} by group position; the view reads wherever those stand. */
    RowView(Projection plan, SegmentRows[] rowsOfGroup) {
        this.plan = plan;
        int n = plan.columns();
        this.slots = new RowSlot[n];
        this.typeId = new TypeId[n];
        this.wide = new boolean[n];
        for (int i = 0; i < n; i++) {
            slots[i] = rowsOfGroup[plan.group[i]].slot(plan.slot[i]);
            typeId[i] = plan.type[i].id();
            wide[i] = plan.type[i].isWideDecimal();
        }
    }

    /** The slot reader of each reader column, for the reader's own primitive getters. */
    RowSlot[] slots() {
        return slots;
    }

    @Override
    public int columnCount() {
        return plan.projected;
    }

    @Override
    public boolean isNull(int i) {
        return slots[i].isNull();
    }

    @Override
    public boolean getBoolean(int i) {
        return slots[i].getBoolean();
    }

    @Override
    public byte getByte(int i) {
        return slots[i].getByte();
    }

    @Override
    public short getShort(int i) {
        return slots[i].getShort();
    }

    @Override
    public int getInt(int i) {
        return slots[i].getInt();
    }

    @Override
    public long getLong(int i) {
        return slots[i].getLong();
    }

    @Override
    public float getFloat(int i) {
        return slots[i].getFloat();
    }

    @Override
    public double getDouble(int i) {
        return slots[i].getDouble();
    }

    @Override
    public int getDate(int i) {
        return getInt(i);
    }

    @Override
    public long getTimestampMicros(int i) {
        return getLong(i);
    }

    @Override
    public long getDecimalUnscaled(int i) {
        return slots[i].getUnscaledLong();
    }

    @Override
    public BigDecimal getDecimal(int i) {
        if (isNull(i)) {
            return null;
        }
        DataType t = plan.type[i];
        BigInteger unscaled = wide[i]
                ? BigInteger.valueOf(wideHigh(i)).shiftLeft(64).or(new BigInteger(Long.toUnsignedString(wideLow(i))))
                : BigInteger.valueOf(getLong(i));
        return new BigDecimal(unscaled, t.scale());
    }

    @Override
    public long wideHigh(int i) {
        return slots[i].getWideHigh();
    }

    @Override
    public long wideLow(int i) {
        return slots[i].getLong();
    }

    @Override
    public int getBytesLength(int i) {
        return isNull(i) ? 0 : slots[i].getBytesLength();
    }

    @Override
    public int copyBytes(int i, byte[] dst, int offset) {
        return isNull(i) ? 0 : slots[i].copyBytes(dst, offset);
    }

    @Override
    public String getString(int i) {
        if (isNull(i)) {
            return null;
        }
        int size = getBytesLength(i);
        if (scratch.length < size) {
            scratch = new byte[Math.max(size, scratch.length * 2)];
        }
        copyBytes(i, scratch, 0);
        return new String(scratch, 0, size, StandardCharsets.UTF_8);
    }

    @Override
    public byte[] getBinary(int i) {
        if (isNull(i)) {
            return null;
        }
        byte[] b = new byte[getBytesLength(i)];
        copyBytes(i, b, 0);
        return b;
    }

    @Override
    public Object getValue(int i) {
        if (isNull(i)) {
            return null;
        }
        return switch (typeId[i]) {
            case BOOLEAN -> getBoolean(i);
            case BYTE -> getByte(i);
            case SHORT -> getShort(i);
            case INT -> getInt(i);
            case LONG -> getLong(i);
            case FLOAT -> getFloat(i);
            case DOUBLE -> getDouble(i);
            case DECIMAL -> getDecimal(i);
            case DATE -> LocalDate.ofEpochDay(getDate(i));
            case TIMESTAMP -> Instant.EPOCH.plus(getTimestampMicros(i), ChronoUnit.MICROS);
            case STRING -> getString(i);
            case BINARY -> getBinary(i);
            case STRUCT -> Boolean.TRUE;
        };
    }

    Column column(int i) {
        return plan.column(i);
    }

    /**
     * The projected values as nested maps, structs rebuilt from the flattened columns: keys are
     * field names in schema order; a null struct is null.
     */
    Map<String, Object> toNestedMap() {
        Set<List<String>> nullStructs = new HashSet<>();
        for (int i = 0; i < plan.columns(); i++) {
            if (column(i).isStructMarker() && isNull(i)) {
                nullStructs.add(column(i).path());
            }
        }
        Map<String, Object> root = new LinkedHashMap<>();
        for (int i = 0; i < plan.projected; i++) {
            Column c = column(i);
            List<String> path = c.path();
            int nullDepth = 0;
            for (int d = 1; d <= path.size() && nullDepth == 0; d++) {
                if (nullStructs.contains(path.subList(0, d))) {
                    nullDepth = d;
                }
            }
            int depth = nullDepth > 0 ? nullDepth : path.size();
            Map<String, Object> parent = root;
            for (int d = 0; d < depth - 1; d++) {
                @SuppressWarnings("unchecked")
                Map<String, Object> child = (Map<String, Object>) parent.computeIfAbsent(path.get(d),
                        k -> new LinkedHashMap<>());
                parent = child;
            }
            String key = path.get(depth - 1);
            if (nullDepth > 0) {
                parent.put(key, null);
            } else if (c.isStructMarker()) {
                parent.computeIfAbsent(key, k -> new LinkedHashMap<>());
            } else {
                parent.put(key, getValue(i));
            }
        }
        return root;
    }

    // ------------------------------------------------------------------ filter support

    @Override
    public long longValue(int i) {
        return slots[i].longValue();
    }

    @Override
    public double doubleValue(int i) {
        return slots[i].doubleValue();
    }

    @Override
    public int compareBytes(int i, byte[] literal) {
        return slots[i].compareBytes(literal);
    }
}
