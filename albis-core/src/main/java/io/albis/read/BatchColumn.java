package io.albis.read;

import io.albis.row.NestedValueEncoder;
import io.albis.row.RowLayout;
import io.albis.util.Int128;
import io.albis.schema.DataType;
import io.albis.internal.DirectMemory;
import io.albis.nested.ArrayValue;
import io.albis.nested.MapValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * One column of a {@link ColumnBatch} in primitive arrays. Which array holds the values depends
 * on the type: {@link #bytes} for boolean (0/1) and byte, {@link #shorts}, {@link #ints} for int
 * and date (days), {@link #longs} for long, timestamps with and without time zone (micros) and
 * decimals of ≤ 18 digits (unscaled; wide decimals use two longs per row, low then high),
 * {@link #floats}, {@link #doubles}, and {@link #data}/{@link #offsets} for strings, binaries and
 * the stored bytes of lists and maps (row r is {@code data[offsets[r] .. offsets[r+1])}; see
 * {@link #getList}, {@link #getMap}). A null row has {@code nulls[r]} set and a zero value.
 */
public final class BatchColumn {
    public final DataType type;
    public final boolean[] nulls;
    public byte[] bytes;
    public short[] shorts;
    public int[] ints;
    public long[] longs;
    public float[] floats;
    public double[] doubles;
    public byte[] data;
    public int[] offsets;
    private boolean hasNulls;

    BatchColumn(DataType type, int capacity) {
        this.type = type;
        this.nulls = new boolean[capacity];
        switch (type.id()) {
            case BOOLEAN, BYTE -> bytes = new byte[capacity];
            case SHORT -> shorts = new short[capacity];
            case INT, DATE -> ints = new int[capacity];
            case LONG, TIMESTAMP, TIMESTAMP_NTZ -> longs = new long[capacity];
            case DECIMAL -> longs = new long[type.isWideDecimal() ? 2 * capacity : capacity];
            case FLOAT -> floats = new float[capacity];
            case DOUBLE -> doubles = new double[capacity];
            case STRING, BINARY, LIST, MAP -> {
                data = new byte[Math.max(64, capacity * 8)];
                offsets = new int[capacity + 1];
            }
            case STRUCT -> { }
        }
    }

    void reset() {
        hasNulls = false;
        if (offsets != null) {
            offsets[0] = 0;
        }
    }

    /** True when some row of the batch is null. */
    public boolean hasNulls() {
        return hasNulls;
    }

    public boolean isNull(int r) {
        return nulls[r];
    }

    /**
     * Copies {@code n} rows of a run into rows {@code at..at+n} of this vector, from the run's
     * {@code slot}. The run's rows have passed the row codec's checks, so every value read here
     * lies inside its row.
     */
    void fill(RowRun run, int n, int at, int slot) {
        ByteBuffer buf = run.buffer();
        RowLayout layout = run.layout();
        int fixedOff = layout.fixedOffset(slot);
        int nullByte = layout.nullByte(slot);
        int nullMask = RowLayout.nullMask(slot);
        boolean any = false;
        for (int r = 0; r < n; r++) {
            boolean isNull = (buf.get(run.rowOffset(r) + nullByte) & nullMask) != 0;
            nulls[at + r] = isNull;
            any |= isNull;
        }
        hasNulls |= any;
        switch (type.id()) {
            case BOOLEAN -> {
                for (int r = 0; r < n; r++) {
                    bytes[at + r] = (byte) (buf.get(run.rowOffset(r) + fixedOff) != 0 ? 1 : 0);
                }
            }
            case BYTE -> {
                for (int r = 0; r < n; r++) {
                    bytes[at + r] = buf.get(run.rowOffset(r) + fixedOff);
                }
            }
            case SHORT -> {
                for (int r = 0; r < n; r++) {
                    shorts[at + r] = buf.getShort(run.rowOffset(r) + fixedOff);
                }
            }
            case INT, DATE -> {
                for (int r = 0; r < n; r++) {
                    ints[at + r] = buf.getInt(run.rowOffset(r) + fixedOff);
                }
            }
            case LONG, TIMESTAMP, TIMESTAMP_NTZ -> {
                for (int r = 0; r < n; r++) {
                    longs[at + r] = buf.getLong(run.rowOffset(r) + fixedOff);
                }
            }
            case DECIMAL -> {
                if (type.isWideDecimal()) {
                    for (int r = 0; r < n; r++) {
                        longs[2 * (at + r)] = buf.getLong(run.rowOffset(r) + fixedOff);
                        longs[2 * (at + r) + 1] = buf.getLong(run.rowOffset(r) + fixedOff + 8);
                    }
                } else {
                    for (int r = 0; r < n; r++) {
                        longs[at + r] = buf.getLong(run.rowOffset(r) + fixedOff);
                    }
                }
            }
            case FLOAT -> {
                for (int r = 0; r < n; r++) {
                    floats[at + r] = buf.getFloat(run.rowOffset(r) + fixedOff);
                }
            }
            case DOUBLE -> {
                for (int r = 0; r < n; r++) {
                    doubles[at + r] = buf.getDouble(run.rowOffset(r) + fixedOff);
                }
            }
            case STRING, BINARY -> fillVariable(run, n, at, fixedOff, slot);
            case LIST, MAP -> {
                if (run.legacyNested()) {
                    fillLegacyNested(run, n, at, fixedOff, slot);
                } else {
                    fillVariable(run, n, at, fixedOff, slot);
                }
            }
            case STRUCT -> { }
        }
    }

    private void fillVariable(RowRun run, int n, int at, int fixedOff, int slot) {
        ByteBuffer buf = run.buffer();
        int pos = offsets[at];
        for (int r = 0; r < n; r++) {
            int row = run.rowOffset(r);
            long packed = buf.getLong(row + fixedOff);
            int size = nulls[at + r] ? 0 : RowLayout.sizeOf(packed);
            makeRoom(pos, size, slot);
            if (size > 0) {
                buf.get(row + RowLayout.offsetOf(packed), data, pos, size);
            }
            pos += size;
            offsets[at + r + 1] = pos;
        }
    }

    /** Lists or maps of a file of 3.0 to 5.x: each copied in the layout of today. */
    private void fillLegacyNested(RowRun run, int n, int at, int fixedOff, int slot) {
        ByteBuffer buf = run.buffer();
        long address = DirectMemory.address(buf);
        int pos = offsets[at];
        for (int r = 0; r < n; r++) {
            if (!nulls[at + r]) {
                int row = run.rowOffset(r);
                long packed = buf.getLong(row + fixedOff);
                byte[] b = NestedValueEncoder.fromLegacy(null, address + row + RowLayout.offsetOf(packed),
                        RowLayout.sizeOf(packed), type);
                makeRoom(pos, b.length, slot);
                System.arraycopy(b, 0, data, pos, b.length);
                pos += b.length;
            }
            offsets[at + r + 1] = pos;
        }
    }

    /** Grows {@link #data} to hold {@code size} more bytes at {@code pos}. */
    private void makeRoom(int pos, int size, int slot) {
        if (data.length - pos < size) {
            if ((long) pos + size > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException("the batch's strings/binaries of column slot " + slot
                        + " exceed 2 GiB; use a smaller batch capacity");
            }
            byte[] bigger = new byte[(int) Math.min(Integer.MAX_VALUE - 16, Math.max(2L * data.length, pos + size))];
            System.arraycopy(data, 0, bigger, 0, pos);
            data = bigger;
        }
    }

    // Convenience accessors (each reads the array that holds this type).

    public int getInt(int r) {
        return ints[r];
    }

    public long getLong(int r) {
        return longs[r];
    }

    public double getDouble(int r) {
        return doubles[r];
    }

    public BigDecimal getDecimal(int r) {
        if (nulls[r]) {
            return null;
        }
        if (!type.isWideDecimal()) {
            return BigDecimal.valueOf(longs[r], type.scale());
        }
        BigInteger v = Int128.toBigInteger(longs[2 * r + 1], longs[2 * r]);
        return new BigDecimal(v, type.scale());
    }

    public byte[] getBytes(int r) {
        if (nulls[r]) {
            return null;
        }
        return java.util.Arrays.copyOfRange(data, offsets[r], offsets[r + 1]);
    }

    /** Row {@code r}'s list as a view of this batch's copy of its bytes (valid until the batch is refilled); null when null. */
    public ArrayValue getList(int r) {
        return nulls[r] ? null : ArrayValue.ofChecked(data, DirectMemory.BYTE_ARRAY_OFFSET + offsets[r],
                offsets[r + 1] - offsets[r], type);
    }

    /** Row {@code r}'s map, as {@link #getList}. */
    public MapValue getMap(int r) {
        return nulls[r] ? null : MapValue.ofChecked(data, DirectMemory.BYTE_ARRAY_OFFSET + offsets[r],
                offsets[r + 1] - offsets[r], type);
    }

    public String getString(int r) {
        return nulls[r] ? null : new String(data, offsets[r], offsets[r + 1] - offsets[r], StandardCharsets.UTF_8);
    }
}
