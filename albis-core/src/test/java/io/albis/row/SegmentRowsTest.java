package io.albis.row;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.error.CorruptFileException;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The row codec on hand-made segments (docs/FORMAT.md §6): values read where the format puts
 * them, and every length or offset a damaged file could falsify refused with the file and byte
 * offset before a value is read; after a refusal the rows stand on no row.
 */
class SegmentRowsTest {
    private static final String FILE = "t/rg-00000000/cg-00000000/data";
    /** Where the hand-made segment would sit in its data file. */
    private static final long AT = 8;

    /** (id int not null, name string): size 4 + bitmap 1 + int 4 + (offset, size) 8 = fixed area of 17. */
    private static final RowLayout ID_NAME = layout(Schema.builder().column("id", DataType.INT, false)
            .column("name", DataType.STRING).build());
    /** (n long, b byte): bitmap 1 + long 8 + byte 1 = 10-byte rows. */
    private static final RowLayout LONG_BYTE = layout(Schema.builder().column("n", DataType.LONG)
            .column("b", DataType.BYTE).build());

    private static RowLayout layout(Schema schema) {
        return new RowLayout(schema, schema.groups().get(0));
    }

    /** Rows of ID_NAME: (7, "ab"), (8, null), (9, ""), as the writer lays them out. */
    private static ByteBuffer idNameRows() {
        ByteBuffer b = ByteBuffer.allocateDirect(64).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(19).put((byte) 0).putInt(7).putLong(RowLayout.packOffsetSize(17, 2)).put("ab".getBytes(StandardCharsets.UTF_8));
        b.putInt(17).put((byte) 2).putInt(8).putLong(0);
        b.putInt(17).put((byte) 0).putInt(9).putLong(RowLayout.packOffsetSize(17, 0));
        return b;
    }

    private static final int ID_NAME_LENGTH = 19 + 17 + 17;

    @Test
    void readsRowsWhereTheFormatPutsThem() throws CorruptFileException {
        SegmentRows rows = new SegmentRows(ID_NAME);
        rows.start(idNameRows(), ID_NAME_LENGTH, 3, FILE, AT);
        assertEquals(7, rows.getInt(0));
        assertFalse(rows.isNull(1));
        byte[] name = new byte[rows.getBytesLength(1)];
        rows.copyBytes(1, name, 0);
        assertArrayEquals("ab".getBytes(StandardCharsets.UTF_8), name);
        assertEquals(19, rows.rowLength());
        rows.next();
        assertEquals(8, rows.getInt(0));
        assertTrue(rows.isNull(1));
        assertEquals(0, rows.getBytesLength(1));
        rows.next();
        assertEquals(9, rows.getInt(0));
        assertEquals(0, rows.getBytesLength(1));
        assertFalse(rows.hasNext());
        assertThrows(IllegalStateException.class, rows::next);
    }

    @Test
    void fixedWidthRowsStepAndSkip() throws CorruptFileException {
        ByteBuffer b = ByteBuffer.allocateDirect(30).order(ByteOrder.LITTLE_ENDIAN);
        for (int r = 0; r < 3; r++) {
            b.put((byte) 0).putLong(100 + r).put((byte) r);
        }
        SegmentRows rows = new SegmentRows(LONG_BYTE);
        rows.start(b, 30, 3, FILE, AT);
        assertEquals(3, rows.rowsLeft());
        rows.skip(2);
        assertEquals(2, rows.rowIndex());
        assertEquals(102, rows.getLong(0));
        assertEquals(2, rows.getByte(1));
        assertEquals(20, rows.rowOffset());
        assertThrows(IllegalStateException.class, rows::next);
    }

    @Test
    void refusesFixedRowsThatDoNotTileTheSegment() {
        SegmentRows rows = new SegmentRows(LONG_BYTE);
        CorruptFileException e = assertThrows(CorruptFileException.class,
                () -> rows.start(ByteBuffer.allocateDirect(30), 29, 3, FILE, AT));
        assertEquals(FILE, e.file());
        assertEquals(AT, e.offset());
        assertFalse(rows.onRow());
    }

    @Test
    void refusesSizeCountersOutsideTheSegment() throws CorruptFileException {
        ByteBuffer b = idNameRows();
        b.putInt(19, 1000); // second row claims more than the segment holds
        SegmentRows rows = new SegmentRows(ID_NAME);
        rows.start(b, ID_NAME_LENGTH, 3, FILE, AT);
        CorruptFileException e = assertThrows(CorruptFileException.class, rows::next);
        assertEquals(AT + 19, e.offset());
        assertTrue(e.getMessage().contains(FILE), e.getMessage());
        assertFalse(rows.onRow(), "a refused row is not stood on");
        assertTrue(rows.isNull(0) && rows.isNull(1), "not on a row, every slot reads as null");

        ByteBuffer short0 = idNameRows();
        short0.putInt(0, 16); // shorter than the fixed area
        assertThrows(CorruptFileException.class, () -> rows.start(short0, ID_NAME_LENGTH, 3, FILE, AT));
        rows.start(idNameRows(), ID_NAME_LENGTH + 1, 3, FILE, AT);
        rows.next();
        assertThrows(CorruptFileException.class, rows::next, "the last row must end where the segment ends");
    }

    @Test
    void refusesStringsOutsideTheirRow() {
        SegmentRows rows = new SegmentRows(ID_NAME);
        for (long packed : new long[] {RowLayout.packOffsetSize(18, 2), RowLayout.packOffsetSize(3, 2),
                RowLayout.packOffsetSize(17, -1), RowLayout.packOffsetSize(Integer.MAX_VALUE, 2)}) {
            ByteBuffer b = idNameRows();
            b.putLong(9, packed);
            CorruptFileException e = assertThrows(CorruptFileException.class,
                    () -> rows.start(b, ID_NAME_LENGTH, 3, FILE, AT));
            assertEquals(AT + 9, e.offset());
            assertFalse(rows.onRow());
        }
    }

    @Test
    void gettersCheckTheirSlot() throws CorruptFileException {
        SegmentRows rows = new SegmentRows(ID_NAME);
        rows.start(idNameRows(), ID_NAME_LENGTH, 3, FILE, AT);
        assertThrows(IllegalArgumentException.class, () -> rows.getLong(0), "an int slot holds 4 bytes");
        assertThrows(IllegalArgumentException.class, () -> rows.getBytesLength(0), "not a string");
        assertThrows(IndexOutOfBoundsException.class, () -> rows.isNull(2));
        assertThrows(IllegalArgumentException.class,
                () -> rows.start(ByteBuffer.allocate(64), ID_NAME_LENGTH, 3, FILE, AT), "heap buffers are refused");
        assertThrows(IllegalArgumentException.class,
                () -> rows.start(ByteBuffer.allocateDirect(8), ID_NAME_LENGTH, 3, FILE, AT), "longer than the buffer");
    }

    @Test
    void detachedRowsReadAsNull() throws CorruptFileException {
        SegmentRows rows = new SegmentRows(LONG_BYTE);
        assertTrue(rows.isNull(0) && rows.isNull(1));
        assertEquals(0, rows.getLong(0));
        assertEquals(0, rows.rowsLeft());
        ByteBuffer b = ByteBuffer.allocateDirect(10).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 0).putLong(5).put((byte) 1);
        rows.start(b, 10, 1, FILE, AT);
        assertEquals(5, rows.getLong(0));
        rows.detach();
        assertTrue(rows.isNull(0));
        assertEquals(0, rows.getLong(0));
        assertThrows(IllegalStateException.class, rows::next);
    }
}
