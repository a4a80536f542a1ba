package io.albis.spark.read;

import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.expressions.UnsafeArrayData;
import org.apache.spark.sql.catalyst.expressions.UnsafeMapData;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The values inside a stored list or map as a Spark {@link ColumnVector}, read where they are:
 * Albis stores a list or map value in Spark's {@code UnsafeArrayData}/{@code UnsafeMapData}
 * layout (docs/FORMAT.md §6), so element {@code i} is read by Spark's own getters of the stored
 * array, with no copy and no object per element. Spark's {@link ColumnarArray} and
 * {@link ColumnarMap}, which a column vector must return, index this vector.
 *
 * <p>Two kinds: the elements of a stored array; and field {@code f} of the structs that another
 * {@code StoredValues} holds (a struct element is read as Spark reads it from a row, through
 * {@link ColumnVector#getStruct} and the child vectors). Valid as long as the batch that holds
 * the value.
 */
final class StoredValues extends ColumnVector {
    /** The stored array whose elements these are; null for a struct field. */
    private final UnsafeArrayData array;
    /** For a struct field: the values holding the structs, and the field's position. */
    private final StoredValues structs;
    private final int field;
    /** For struct values: one child per field, made when first asked for. */
    private final StoredValues[] children;

    private StoredValues(DataType type, UnsafeArrayData array, StoredValues structs, int field) {
        super(type);
        this.array = array;
        this.structs = structs;
        this.field = field;
        this.children = type instanceof StructType s ? new StoredValues[s.fields().length] : null;
    }

    /** The stored array {@code a} of elements of {@code elementType}, as Spark's array of a column vector. */
    static ColumnarArray array(DataType elementType, UnsafeArrayData a) {
        return new ColumnarArray(new StoredValues(elementType, a, null, -1), 0, a.numElements());
    }

    /** The stored map {@code m} of type {@code type}, as Spark's map of a column vector. */
    static ColumnarMap map(MapType type, UnsafeMapData m) {
        return new ColumnarMap(new StoredValues(type.keyType(), m.keyArray(), null, -1),
                new StoredValues(type.valueType(), m.valueArray(), null, -1), 0, m.numElements());
    }

    /** What holds value {@code i}: the array, or the struct value {@code i} of {@link #structs}. */
    private SpecializedGetters holder(int i) {
        return array != null ? array : structs.struct(i);
    }

    /** The position of value {@code i} in its {@link #holder}. */
    private int ordinal(int i) {
        return array != null ? i : field;
    }

    /** Value {@code i}, a struct, as Spark's row view of the stored bytes. */
    private SpecializedGetters struct(int i) {
        return holder(i).getStruct(ordinal(i), children.length);
    }

    @Override
    public boolean isNullAt(int i) {
        return holder(i).isNullAt(ordinal(i));
    }

    @Override
    public boolean hasNull() {
        return numNulls() > 0;
    }

    /** Values held: the array's elements, or as many as the structs holding this field. */
    private int count() {
        return array != null ? array.numElements() : structs.count();
    }

    /** A field of a null struct counts as null. */
    @Override
    public int numNulls() {
        int n = 0;
        for (int i = 0; i < count(); i++) {
            if (nullOrInNullStruct(i)) {
                n++;
            }
        }
        return n;
    }

    private boolean nullOrInNullStruct(int i) {
        return (structs != null && structs.nullOrInNullStruct(i)) || isNullAt(i);
    }

    @Override
    public boolean getBoolean(int i) {
        return holder(i).getBoolean(ordinal(i));
    }

    @Override
    public byte getByte(int i) {
        return holder(i).getByte(ordinal(i));
    }

    @Override
    public short getShort(int i) {
        return holder(i).getShort(ordinal(i));
    }

    @Override
    public int getInt(int i) {
        return holder(i).getInt(ordinal(i));
    }

    @Override
    public long getLong(int i) {
        return holder(i).getLong(ordinal(i));
    }

    @Override
    public float getFloat(int i) {
        return holder(i).getFloat(ordinal(i));
    }

    @Override
    public double getDouble(int i) {
        return holder(i).getDouble(ordinal(i));
    }

    @Override
    public Decimal getDecimal(int i, int precision, int scale) {
        return isNullAt(i) ? null : holder(i).getDecimal(ordinal(i), precision, scale);
    }

    @Override
    public UTF8String getUTF8String(int i) {
        return isNullAt(i) ? null : holder(i).getUTF8String(ordinal(i));
    }

    @Override
    public byte[] getBinary(int i) {
        return isNullAt(i) ? null : holder(i).getBinary(ordinal(i));
    }

    @Override
    public ColumnarArray getArray(int i) {
        if (isNullAt(i)) {
            return null;
        }
        return array(((ArrayType) dataType()).elementType(), (UnsafeArrayData) holder(i).getArray(ordinal(i)));
    }

    @Override
    public ColumnarMap getMap(int i) {
        if (isNullAt(i)) {
            return null;
        }
        return map((MapType) dataType(), (UnsafeMapData) holder(i).getMap(ordinal(i)));
    }

    @Override
    public ColumnVector getChild(int f) {
        if (children == null) {
            throw new UnsupportedOperationException("values of type " + dataType().sql() + " have no child vectors");
        }
        if (children[f] == null) {
            children[f] = new StoredValues(((StructType) dataType()).fields()[f].dataType(), null, this, f);
        }
        return children[f];
    }

    /** The memory is the reader's segment buffer: nothing to free. */
    @Override
    public void close() {}
}
