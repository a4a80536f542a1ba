package io.albis.row;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.error.CorruptFileException;
import io.albis.error.SchemaMismatchException;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * The row encoder against the format (docs/FORMAT.md §6) and against its decoder: the bytes it
 * lays out are the ones the spec's example gives, and {@link SegmentRows} reads back what it set.
 */
class RowEncoderTest {
    /** (id int not null, name string): the spec's example group. */
    private static final Schema ID_NAME = Schema.builder().column("id", DataType.INT, false)
            .column("name", DataType.STRING).build();

    private static RowEncoder encoder(Schema schema) {
        return new RowEncoder(schema, schema.groups().get(0));
    }

    /** Fills unset slots, encodes the staged row at the segment's position and forgets it; returns its length. */
    private static int finish(RowEncoder e, ByteBuffer segment, long row) {
        e.fillUnset(row);
        int length = e.encodedLength(row);
        e.encode(segment, length);
        e.clear();
        return length;
    }

    @Test
    void laysOutTheSpecExample() {
        RowEncoder e = encoder(ID_NAME);
        e.putInt(0, 7);
        byte[] ab = "ab".getBytes(StandardCharsets.UTF_8);
        e.putBytes(1, ab, 0, 2);
        ByteBuffer segment = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(19, finish(e, segment, 0));
        assertEquals("13000000" + "00" + "07000000" + "0200000011000000" + "6162",
                HexFormat.of().formatHex(Arrays.copyOf(segment.array(), segment.position())));
    }

    @Test
    void theDecoderReadsWhatItEncoded() throws CorruptFileException {
        RowEncoder e = encoder(ID_NAME);
        ByteBuffer segment = ByteBuffer.allocateDirect(64).order(ByteOrder.LITTLE_ENDIAN);
        e.putInt(0, 7);
        e.putBytes(1, "ab".getBytes(StandardCharsets.UTF_8), 0, 2);
        finish(e, segment, 0);
        e.putInt(0, 8); // name unset: null
        finish(e, segment, 1);
        e.putNull(1);
        e.putBytes(1, new byte[0], 0, 0); // a value replaces a null set earlier in the row
        e.putInt(0, 9);
        finish(e, segment, 2);
        int length = segment.position();
        assertEquals(19 + 17 + 17, length);

        SegmentRows rows = new SegmentRows(e.layout());
        rows.start(segment, length, 3, "encoded", 0);
        assertEquals(7, rows.getInt(0));
        byte[] name = new byte[rows.getBytesLength(1)];
        rows.copyBytes(1, name, 0);
        assertArrayEquals("ab".getBytes(StandardCharsets.UTF_8), name);
        rows.next();
        assertEquals(8, rows.getInt(0));
        assertTrue(rows.isNull(1));
        rows.next();
        assertEquals(9, rows.getInt(0));
        assertFalse(rows.isNull(1));
        assertEquals(0, rows.getBytesLength(1));
    }

    @Test
    void fixedWidthValuesAndNullsRoundTrip() throws CorruptFileException {
        Schema schema = Schema.builder().column("b", DataType.BOOLEAN).column("f", DataType.FLOAT)
                .column("d", DataType.DOUBLE).column("w", DataType.decimal(30, 0)).build();
        RowEncoder e = encoder(schema);
        ByteBuffer segment = ByteBuffer.allocateDirect(128).order(ByteOrder.LITTLE_ENDIAN);
        e.putBoolean(0, true);
        e.putFloat(1, -1.5f);
        e.putDouble(2, Double.MIN_VALUE);
        e.putWide(3, -1L, -2L);
        assertEquals(-1L, e.wideHigh(3));
        assertEquals(1L, e.longValue(0));
        assertEquals(-1.5, e.doubleValue(1));
        int row = finish(e, segment, 0);
        e.putDouble(2, 1.0);
        e.putNull(2); // a null after a value: zero-filled, as the format stores it
        int length = row + finish(e, segment, 1);
        assertEquals(2 * row, length);
        assertEquals(0L, segment.getLong(row + e.layout().fixedOffset(2)));

        SegmentRows rows = new SegmentRows(e.layout());
        rows.start(segment, length, 2, "encoded", 0);
        assertTrue(rows.getBoolean(0));
        assertEquals(-1.5f, rows.getFloat(1));
        assertEquals(Double.MIN_VALUE, rows.getDouble(2));
        assertEquals(-1L, rows.getWideHigh(3));
        rows.next();
        for (int s = 0; s < 4; s++) {
            assertTrue(rows.isNull(s), "slot " + s);
        }
    }

    @Test
    void anUnsetColumnThatIsNotNullableRefusesTheRow() {
        RowEncoder e = encoder(ID_NAME);
        e.putBytes(1, new byte[] {1}, 0, 1);
        SchemaMismatchException x = assertThrows(SchemaMismatchException.class, () -> e.fillUnset(41));
        assertTrue(x.getMessage().contains("row 41: column 'id' is not nullable but has no value"), x.getMessage());
    }

    /**
     * The encoder rewrites every byte of its staging from row to row instead of zeroing it, and
     * builds the bitmap eight slots a word: a reused encoder must lay out each row exactly as a
     * fresh one does, whatever the row before held (values where nulls follow, nulls after values
     * set in the same row), over a group of more than two bitmap bytes of every width.
     */
    @Test
    void aReusedEncoderLaysOutEachRowAsAFreshOneDoes() {
        DataType[] types = {DataType.BOOLEAN, DataType.BYTE, DataType.SHORT, DataType.INT, DataType.LONG,
                DataType.FLOAT, DataType.DOUBLE, DataType.DATE, DataType.TIMESTAMP, DataType.decimal(7, 2),
                DataType.decimal(30, 2), DataType.STRING, DataType.BINARY};
        Schema.Builder b = Schema.builder();
        for (int c = 0; c < 19; c++) {
            b.column("c" + c, types[c % types.length]);
        }
        Schema schema = b.build();
        RowEncoder reused = encoder(schema);
        java.util.Random random = new java.util.Random(26);
        for (int row = 0; row < 500; row++) {
            long seed = random.nextLong();
            ByteBuffer expected = ByteBuffer.allocate(1024).order(ByteOrder.LITTLE_ENDIAN);
            ByteBuffer actual = ByteBuffer.allocate(1024).order(ByteOrder.LITTLE_ENDIAN);
            RowEncoder fresh = encoder(schema);
            stageRandomRow(fresh, types, new java.util.Random(seed));
            finish(fresh, expected, row);
            stageRandomRow(reused, types, new java.util.Random(seed));
            finish(reused, actual, row);
            assertEquals(HexFormat.of().formatHex(expected.array(), 0, expected.position()),
                    HexFormat.of().formatHex(actual.array(), 0, actual.position()), "row " + row);
        }
    }

    /** The bitmap as the format states it: slot s null when bit s mod 8 of byte s / 8 is set, bits past the last 0. */
    @Test
    void theBitmapIsTheSpecsForEverySlotCount() {
        java.util.Random random = new java.util.Random(70);
        for (int n = 1; n <= 70; n++) {
            Schema.Builder b = Schema.builder();
            for (int c = 0; c < n; c++) {
                b.column("c" + c, DataType.BYTE);
            }
            Schema schema = b.build();
            RowEncoder e = encoder(schema);
            for (int row = 0; row < 20; row++) {
                byte[] expected = new byte[(n + 7) / 8];
                for (int s = 0; s < n; s++) {
                    // all null, none null, then at random
                    boolean isNull = row == 0 || (row != 1 && random.nextBoolean());
                    if (isNull) {
                        e.putNull(s);
                        expected[s / 8] |= (byte) (1 << (s % 8));
                    } else {
                        e.putByte(s, (byte) 7);
                    }
                }
                ByteBuffer segment = ByteBuffer.allocate(256).order(ByteOrder.LITTLE_ENDIAN);
                finish(e, segment, row);
                byte[] bitmap = Arrays.copyOfRange(segment.array(), e.layout().bitmapOffset(),
                        e.layout().bitmapOffset() + expected.length);
                assertArrayEquals(expected, bitmap, n + " slots, row " + row);
            }
        }
    }

    /** Sets each slot to a random value, a value then a null, a null, or nothing (null when filled). */
    private static void stageRandomRow(RowEncoder e, DataType[] types, java.util.Random random) {
        for (int s = 0; s < e.layout().slots(); s++) {
            int what = random.nextInt(4);
            if (what == 3) {
                continue;
            }
            if (what == 2) {
                e.putNull(s);
                continue;
            }
            long v = random.nextLong() | 1; // never all zero bytes, so a stale byte would show
            switch (types[s % types.length].id()) {
                case BOOLEAN -> e.putBoolean(s, true);
                case BYTE -> e.putByte(s, (byte) v);
                case SHORT -> e.putShort(s, (short) v);
                case INT, DATE, FLOAT -> e.putInt(s, (int) v);
                case DECIMAL -> {
                    if (e.layout().type(s).isWideDecimal()) {
                        e.putWide(s, v, ~v);
                    } else {
                        e.putLong(s, v);
                    }
                }
                case STRING, BINARY -> {
                    byte[] bytes = new byte[1 + random.nextInt(5)];
                    random.nextBytes(bytes);
                    e.putBytes(s, bytes, 0, bytes.length);
                }
                default -> e.putLong(s, v);
            }
            if (what == 1) {
                e.putNull(s);
            }
        }
    }
}
