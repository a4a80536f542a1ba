package io.albis.read;

import io.albis.filter.RowValues;
import io.albis.nested.NestedSlots;
import io.albis.util.Int128;
import io.albis.row.RowSlot;
import io.albis.row.SegmentRows;
import io.albis.schema.Column;
import io.albis.schema.TypeId;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A reader's current row by reader column: one {@link RowSlot} per column, reading where its
 * column group's {@link SegmentRows} stands, the values filters test ({@link RowValues}), and the
 * values that are objects (decimals, strings, binaries, {@code getValue}, nested maps).
 * {@link AlbisReader} reads primitives from the same slots directly, through {@link #rowsOf},
 * {@link #nullInfo} and {@link #valueInfo}. Before the first row and after the last, every
 * column reads as null.
 */
final class RowView implements RowValues {
    private final ReadPlan plan;
    /** Each reader column's slot in the rows of its column group. */
    private final RowSlot[] slots;
    /**
     * By reader column: the rows of its group, and its slot's {@link RowSlot#nullInfo()} and
     * {@link RowSlot#valueInfo()}, so a null bit or a primitive is one array load and one read
     * of the row (see RowSlot for why).
     */
    final SegmentRows[] rowsOf;
    final long[] nullInfo;
    final long[] valueInfo;
    private final TypeId[] typeId;
    private final boolean[] wide;
    private byte[] scratch = new byte[64];

    /** {@code rowsOfGroup} by group position; the view reads wherever those stand. */
    RowView(ReadPlan plan, SegmentRows[] rowsOfGroup) {
        this.plan = plan;
        int n = plan.columns();
        this.slots = new RowSlot[n];
        this.typeId = new TypeId[n];
        this.wide = new boolean[n];
        this.rowsOf = new SegmentRows[n];
        this.nullInfo = new long[n];
        this.valueInfo = new long[n];
        for (int i = 0; i < n; i++) {
            rowsOf[i] = rowsOfGroup[plan.group[i]];
            slots[i] = rowsOf[i].slot(plan.slot[i]);
            nullInfo[i] = slots[i].nullInfo();
            valueInfo[i] = slots[i].valueInfo();
            typeId[i] = plan.type[i].id();
            wide[i] = plan.type[i].isWideDecimal();
        }
    }

    /** The slot reader of each reader column. */
    RowSlot[] slots() {
        return slots;
    }

    @Override
    public boolean isNull(int i) {
        return RowSlot.isNull(rowsOf[i].rowAt(), nullInfo[i]);
    }

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

    @Override
    public long wideHigh(int i) {
        return slots[i].getWideHigh();
    }

    @Override
    public long wideLow(int i) {
        return slots[i].getLong();
    }

    BigDecimal getDecimal(int i) {
        RowSlot slot = slots[i];
        if (slot.isNull()) {
            return null;
        }
        BigInteger unscaled = wide[i]
                ? Int128.toBigInteger(slot.getWideHigh(), slot.getLong())
                : BigInteger.valueOf(slot.getLong());
        return new BigDecimal(unscaled, plan.type[i].scale());
    }

    int getBytesLength(int i) {
        return slots[i].isNull() ? 0 : slots[i].getBytesLength();
    }

    int copyBytes(int i, byte[] dst, int offset) {
        return slots[i].isNull() ? 0 : slots[i].copyBytes(dst, offset);
    }

    String getString(int i) {
        if (slots[i].isNull()) {
            return null;
        }
        int size = getBytesLength(i);
        if (scratch.length < size) {
            scratch = new byte[Math.max(size, scratch.length * 2)];
        }
        copyBytes(i, scratch, 0);
        return new String(scratch, 0, size, StandardCharsets.UTF_8);
    }

    byte[] getBinary(int i) {
        if (slots[i].isNull()) {
            return null;
        }
        byte[] b = new byte[getBytesLength(i)];
        copyBytes(i, b, 0);
        return b;
    }

    /** The value as the object {@link AlbisRow#getValue} documents. */
    Object getValue(int i) {
        RowSlot slot = slots[i];
        if (slot.isNull()) {
            return null;
        }
        return switch (typeId[i]) {
            case BOOLEAN -> slot.getBoolean();
            case BYTE -> slot.getByte();
            case SHORT -> slot.getShort();
            case INT -> slot.getInt();
            case LONG -> slot.getLong();
            case FLOAT -> slot.getFloat();
            case DOUBLE -> slot.getDouble();
            case DECIMAL -> getDecimal(i);
            case DATE -> LocalDate.ofEpochDay(slot.getInt());
            case TIMESTAMP -> NestedSlots.instant(slot.getLong());
            case TIMESTAMP_NTZ -> NestedSlots.localDateTime(slot.getLong());
            case STRING -> getString(i);
            case BINARY -> getBinary(i);
            case STRUCT -> Boolean.TRUE;
            case LIST -> slot.getList().toJava();
            case MAP -> slot.getMap().toJava();
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
            if (column(i).isStructMarker() && slots[i].isNull()) {
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
}
