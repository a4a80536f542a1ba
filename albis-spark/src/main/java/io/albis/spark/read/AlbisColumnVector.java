package io.albis.spark.read;

import io.albis.nested.NestedShape;
import io.albis.row.NestedValueEncoder;
import io.albis.row.RowLayout;
import io.albis.util.Int128;
import java.math.BigDecimal;
import java.math.BigInteger;


import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * One column of a {@link RowGroupBatches} batch: reads its values where the reader's segment
 * buffer holds them, by address from the start of each row of the batch, at the slot's offsets
 * in the row (docs/FORMAT.md §6), so whole-stage code reading the batch ({@code ColumnarToRow})
 * copies nothing. Strings are {@link UTF8String}s over the segment's bytes; lists and maps are
 * read in place through {@link StoredValues} (those of a file of 3.0 to 5.x, in Spark's layout,
 * from a copy in today's); a struct, which Albis flattens into its leaves, is a vector of one
 * child per field, null where its marker column's null bit is set.
 *
 * <p>Read-only, and valid only while its batch is: the rows it points at are rewritten when the
 * reader moves on (Spark consumes a batch before it asks for the next). Values are read without
 * bounds checks: the row codec checked every row of the batch, and every string, list and map
 * value in it, when the reader stepped onto it. The host must be little-endian, as the format is
 * ({@link ColumnarReads}).
 */
public final class AlbisColumnVector extends ColumnVector {
    /** The column group whose rows this vector reads (position in the schema's group list); -1 for none. */
    final int group;
    private final int nullByte;
    /** 0 when the column is never null (a struct without a marker column). */
    private final int nullMask;
    private final int valueOffset;
    private final boolean wideDecimal;
    private final AlbisColumnVector[] fields;
    /** The stored type of a list or map column, and its shape; null for other columns. */
    private final io.albis.schema.DataType nestedType;
    private final NestedShape nestedShape;

    /** Where the batch's rows are: row r at {@code first + r * stride}, or at {@code address + offsets[r]}. */
    private long first;
    private int stride;
    private long address;
    private int[] offsets;
    private int numRows;
    private boolean legacyNested;
    /** Nulls in the batch, counted on demand; -1 until then. */
    private int nulls = -1;

    private AlbisColumnVector(DataType type, int group, int nullByte, int nullMask, int valueOffset,
            AlbisColumnVector[] fields, io.albis.schema.DataType nestedType) {
        super(type);
        this.nestedType = nestedType;
        this.nestedShape = nestedType == null ? null : NestedShape.of(nestedType);
        this.group = group;
        this.nullByte = nullByte;
        this.nullMask = nullMask;
        this.valueOffset = valueOffset;
        this.wideDecimal = type instanceof DecimalType d && d.precision() > Decimal.MAX_LONG_DIGITS();
        this.fields = fields;
    }

    /** A column of any type but a struct: slot {@code slot} of the rows of group {@code group} (of layout {@code layout}). */
    static AlbisColumnVector leaf(DataType type, int group, RowLayout layout, int slot) {
        io.albis.schema.DataType stored = layout.type(slot);
        return new AlbisColumnVector(type, group, layout.nullByte(slot), RowLayout.nullMask(slot),
                layout.fixedOffset(slot), null, stored.isNested() ? stored : null);
    }

    /**
     * A struct of the given field vectors, null where the null bit of its marker, {@code slot} of
     * group {@code group}, is set; {@code layout} null when the struct has no marker (it is not nullable).
     */
    static AlbisColumnVector struct(StructType type, int group, RowLayout layout, int slot, AlbisColumnVector[] fields) {
        return layout == null
                ? new AlbisColumnVector(type, -1, 0, 0, 0, fields, null)
                : new AlbisColumnVector(type, group, layout.nullByte(slot), RowLayout.nullMask(slot), 0, fields, null);
    }

    /** Points the vector at the {@code numRows} rows of a new batch, as gathered in {@code rows}. */
    void pointTo(BatchRows rows, int numRows) {
        this.address = rows.address();
        this.offsets = rows.offsets();
        this.first = rows.address() + rows.firstOffset();
        this.stride = rows.stride();
        this.numRows = numRows;
        this.legacyNested = rows.legacyNested();
        this.nulls = -1;
    }

    /** Address of row {@code r}'s first byte. */
    private long row(int r) {
        int[] o = offsets;
        return o == null ? first + (long) r * stride : address + o[r];
    }

    private long value(int r) {
        return row(r) + valueOffset;
    }

    @Override
    public boolean isNullAt(int r) {
        return nullMask != 0 && (Platform.getByte(null, row(r) + nullByte) & nullMask) != 0;
    }

    @Override
    public boolean hasNull() {
        return numNulls() > 0;
    }

    @Override
    public int numNulls() {
        if (nulls < 0) {
            int n = 0;
            for (int r = 0; r < numRows; r++) {
                if (isNullAt(r)) {
                    n++;
                }
            }
            nulls = n;
        }
        return nulls;
    }

    /** Any non-zero byte is true, as the format says readers take it. */
    @Override
    public boolean getBoolean(int r) {
        return Platform.getByte(null, value(r)) != 0;
    }

    @Override
    public byte getByte(int r) {
        return Platform.getByte(null, value(r));
    }

    @Override
    public short getShort(int r) {
        return Platform.getShort(null, value(r));
    }

    /** An int, or a date as days since 1970-01-01. */
    @Override
    public int getInt(int r) {
        return Platform.getInt(null, value(r));
    }

    /** A long, a timestamp (with or without time zone) in microseconds, a short decimal's unscaled value. */
    @Override
    public long getLong(int r) {
        return Platform.getLong(null, value(r));
    }

    @Override
    public float getFloat(int r) {
        return Platform.getFloat(null, value(r));
    }

    @Override
    public double getDouble(int r) {
        return Platform.getDouble(null, value(r));
    }

    @Override
    public Decimal getDecimal(int r, int precision, int scale) {
        if (isNullAt(r)) {
            return null;
        }
        long at = value(r);
        if (!wideDecimal) {
            return Decimal.createUnsafe(Platform.getLong(null, at), precision, scale);
        }
        // 128-bit two's complement, low word first (docs/FORMAT.md §4)
        BigInteger unscaled = Int128.toBigInteger(Platform.getLong(null, at + 8), Platform.getLong(null, at));
        return Decimal.apply(new BigDecimal(unscaled, scale), precision, scale);
    }

    /** The (offset from the row, size) of the string, binary, list or map in row {@code r}. */
    private long packed(int r) {
        return Platform.getLong(null, value(r));
    }

    @Override
    public UTF8String getUTF8String(int r) {
        if (isNullAt(r)) {
            return null;
        }
        long p = packed(r);
        return UTF8String.fromAddress(null, row(r) + RowLayout.offsetOf(p), RowLayout.sizeOf(p));
    }

    @Override
    public byte[] getBinary(int r) {
        if (isNullAt(r)) {
            return null;
        }
        long p = packed(r);
        byte[] out = new byte[RowLayout.sizeOf(p)];
        Platform.copyMemory(null, row(r) + RowLayout.offsetOf(p), out, Platform.BYTE_ARRAY_OFFSET, out.length);
        return out;
    }

    @Override
    public ColumnarArray getArray(int r) {
        if (isNullAt(r)) {
            return null;
        }
        long p = packed(r);
        byte[] copy = legacyCopy(r, p);
        return copy != null ? StoredValues.list((ArrayType) dataType(), nestedShape, copy, Platform.BYTE_ARRAY_OFFSET, copy.length)
                : StoredValues.list((ArrayType) dataType(), nestedShape, null, row(r) + RowLayout.offsetOf(p), RowLayout.sizeOf(p));
    }

    @Override
    public ColumnarMap getMap(int r) {
        if (isNullAt(r)) {
            return null;
        }
        long p = packed(r);
        byte[] copy = legacyCopy(r, p);
        return copy != null ? StoredValues.map((MapType) dataType(), nestedShape, copy, Platform.BYTE_ARRAY_OFFSET, copy.length)
                : StoredValues.map((MapType) dataType(), nestedShape, null, row(r) + RowLayout.offsetOf(p), RowLayout.sizeOf(p));
    }

    /** Row {@code r}'s list or map ({@code p} locates it), of a file of 3.0 to 5.x, copied in today's layout; null in a file of today. */
    private byte[] legacyCopy(int r, long p) {
        return legacyNested ? NestedValueEncoder.fromLegacy(null, row(r) + RowLayout.offsetOf(p), RowLayout.sizeOf(p), nestedType)
                : null;
    }

    @Override
    public ColumnVector getChild(int ordinal) {
        if (fields == null) {
            throw new UnsupportedOperationException("column of type " + dataType().sql() + " has no child vectors");
        }
        return fields[ordinal];
    }

    /** The memory is the reader's segment buffer: nothing to free. */
    @Override
    public void close() {}
}
