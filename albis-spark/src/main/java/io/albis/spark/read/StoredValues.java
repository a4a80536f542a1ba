package io.albis.spark.read;

import io.albis.nested.NestedFormat;
import io.albis.nested.NestedShape;
import io.albis.util.Int128;
import java.math.BigDecimal;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The values inside a stored list or map as a Spark {@link ColumnVector}, read where they are
 * (docs/FORMAT.md §6, "Nested values"): element {@code i} of packed fixed-width elements at
 * {@code i} times its width, a string as a {@link UTF8String} over its bytes between two ends, a
 * list or map inside as another vector over its bytes; no copy and no object per element. Spark's
 * {@link ColumnarArray} and {@link ColumnarMap}, which a column vector must return, index this
 * vector.
 *
 * <p>Two kinds: the elements of a stored list, or a map's keys or values; and field {@code f} of
 * the structs that another {@code StoredValues} holds (a struct element is read as Spark reads it
 * from a row, through {@link ColumnVector#getStruct} and the child vectors). The bytes were
 * checked by the row codec. Valid as long as the batch that holds the value.
 */
final class StoredValues extends ColumnVector {
    private final Object base;
    private final NestedShape shape;
    /** Elements: where their null bits are (-1: none), where they or their ends start, their bytes' start. */
    private final long nullsAt;
    private final long elementsAt;
    private final int endCode;
    private final long dataAt;
    private final int count;
    /** A struct field: the values holding the structs, and the field's position. */
    private final StoredValues structs;
    private final int field;
    /** For struct values: one child per field, made when first asked for. */
    private final StoredValues[] children;
    /** The length of the bytes {@link #bytesAt} found last. */
    private int length;

    private StoredValues(DataType type, NestedShape shape, Object base, long at, int count, int endCode) {
        super(type);
        this.base = base;
        this.shape = shape;
        this.nullsAt = shape.nullable ? at : -1;
        this.elementsAt = at + (shape.nullable ? NestedFormat.nullBytes(count) : 0);
        this.endCode = endCode;
        this.dataAt = elementsAt + ((long) count << endCode);
        this.count = count;
        this.structs = null;
        this.field = -1;
        this.children = childrenOf(type);
    }

    private StoredValues(DataType type, StoredValues structs, int field) {
        super(type);
        this.base = structs.base;
        this.shape = structs.shape.fields[field];
        this.nullsAt = -1;
        this.elementsAt = -1;
        this.endCode = 0;
        this.dataAt = -1;
        this.count = -1;
        this.structs = structs;
        this.field = field;
        this.children = childrenOf(type);
    }

    private static StoredValues[] childrenOf(DataType type) {
        return type instanceof StructType s ? new StoredValues[s.fields().length] : null;
    }

    /** The list value of shape {@code list} whose {@code size} bytes are at {@code base}/{@code at}, as Spark's array. */
    static ColumnarArray list(ArrayType type, NestedShape list, Object base, long at, int size) {
        long h = NestedFormat.header(base, at, at + size);
        long value = NestedFormat.headerValue(h);
        int n = (int) (value >>> 2);
        return new ColumnarArray(new StoredValues(type.elementType(), list.element, base, at + NestedFormat.headerBytes(h),
                n, (int) value & 3), 0, n);
    }

    /** The map value of shape {@code map} whose {@code size} bytes are at {@code base}/{@code at}, as Spark's map. */
    static ColumnarMap map(MapType type, NestedShape map, Object base, long at, int size) {
        long h = NestedFormat.header(base, at, at + size);
        long value = NestedFormat.headerValue(h);
        int n = (int) (value >>> 4);
        StoredValues keys = new StoredValues(type.keyType(), map.element, base, at + NestedFormat.headerBytes(h), n,
                (int) value & 3);
        StoredValues values = new StoredValues(type.valueType(), map.value, base, keys.endOf(n), n,
                (int) (value >>> 2) & 3);
        return new ColumnarMap(keys, values, 0, n);
    }

    /** Where the {@code n} elements of this vector end (where a map's values start after its keys). */
    private long endOf(int n) {
        if (shape.isVariable()) {
            return dataAt + (n == 0 ? 0 : NestedFormat.end(base, elementsAt, endCode, n - 1));
        }
        return elementsAt + (long) n * shape.width;
    }

    /** Where fixed-width value {@code i} is. */
    private long fixedAt(int i) {
        if (structs == null) {
            return elementsAt + (long) i * shape.width;
        }
        return structs.bytesAt(i) + structs.shape.fieldNullBytes + structs.shape.fieldOffsets[field];
    }

    /** Where the bytes of variable value {@code i} start; their length is then {@link #length}. */
    private long bytesAt(int i) {
        if (structs == null) {
            long from = i == 0 ? 0 : NestedFormat.end(base, elementsAt, endCode, i - 1);
            length = (int) (NestedFormat.end(base, elementsAt, endCode, i) - from);
            return dataAt + from;
        }
        NestedShape s = structs.shape;
        long fixed = structs.bytesAt(i) + s.fieldNullBytes;
        int previous = s.previousVariable[field];
        long from = previous < 0 ? 0 : Platform.getInt(base, fixed + s.fieldOffsets[previous]) & 0xFFFFFFFFL;
        length = (int) ((Platform.getInt(base, fixed + s.fieldOffsets[field]) & 0xFFFFFFFFL) - from);
        return fixed + s.fixedPart + from;
    }

    @Override
    public boolean isNullAt(int i) {
        if (structs == null) {
            return nullsAt >= 0 && (Platform.getByte(base, nullsAt + (i >>> 3)) & (1 << (i & 7))) != 0;
        }
        if (structs.isNullAt(i)) {
            return true; // a field of a null struct counts as null
        }
        long struct = structs.bytesAt(i);
        return (Platform.getByte(base, struct + (field >>> 3)) & (1 << (field & 7))) != 0;
    }

    @Override
    public boolean hasNull() {
        return numNulls() > 0;
    }

    /** Values held: the elements, or as many as the structs holding this field. */
    private int count() {
        return structs != null ? structs.count() : count;
    }

    @Override
    public int numNulls() {
        int n = 0;
        for (int i = 0; i < count(); i++) {
            if (isNullAt(i)) {
                n++;
            }
        }
        return n;
    }

    @Override
    public boolean getBoolean(int i) {
        return Platform.getByte(base, fixedAt(i)) != 0;
    }

    @Override
    public byte getByte(int i) {
        return Platform.getByte(base, fixedAt(i));
    }

    @Override
    public short getShort(int i) {
        return Platform.getShort(base, fixedAt(i));
    }

    @Override
    public int getInt(int i) {
        return Platform.getInt(base, fixedAt(i));
    }

    @Override
    public long getLong(int i) {
        return Platform.getLong(base, fixedAt(i));
    }

    @Override
    public float getFloat(int i) {
        return Platform.getFloat(base, fixedAt(i));
    }

    @Override
    public double getDouble(int i) {
        return Platform.getDouble(base, fixedAt(i));
    }

    @Override
    public Decimal getDecimal(int i, int precision, int scale) {
        if (isNullAt(i)) {
            return null;
        }
        long at = fixedAt(i);
        if (shape.kind != NestedShape.WIDE_DECIMAL) {
            return Decimal.createUnsafe(Platform.getLong(base, at), precision, scale);
        }
        // 128-bit two's complement, low word first (docs/FORMAT.md §4)
        return Decimal.apply(new BigDecimal(Int128.toBigInteger(Platform.getLong(base, at + 8), Platform.getLong(base, at)),
                scale), precision, scale);
    }

    @Override
    public UTF8String getUTF8String(int i) {
        if (isNullAt(i)) {
            return null;
        }
        long at = bytesAt(i);
        return UTF8String.fromAddress(base, at, length);
    }

    @Override
    public byte[] getBinary(int i) {
        if (isNullAt(i)) {
            return null;
        }
        long at = bytesAt(i);
        byte[] out = new byte[length];
        Platform.copyMemory(base, at, out, Platform.BYTE_ARRAY_OFFSET, length);
        return out;
    }

    @Override
    public ColumnarArray getArray(int i) {
        if (isNullAt(i)) {
            return null;
        }
        long at = bytesAt(i);
        return list((ArrayType) dataType(), shape, base, at, length);
    }

    @Override
    public ColumnarMap getMap(int i) {
        if (isNullAt(i)) {
            return null;
        }
        long at = bytesAt(i);
        return map((MapType) dataType(), shape, base, at, length);
    }

    @Override
    public ColumnVector getChild(int f) {
        if (children == null) {
            throw new UnsupportedOperationException("values of type " + dataType().sql() + " have no child vectors");
        }
        if (children[f] == null) {
            children[f] = new StoredValues(((StructType) dataType()).fields()[f].dataType(), this, f);
        }
        return children[f];
    }

    /** The memory is the reader's segment buffer (or a copy of an older file's value): nothing to free. */
    @Override
    public void close() {}
}
