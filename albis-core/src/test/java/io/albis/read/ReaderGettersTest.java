package io.albis.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reader's primitive getters read each column's value from its own group's current row, and
 * check what the row codec's slots check: a read wider than the column is refused naming it, and
 * a wide decimal that does not fit a long is an {@link ArithmeticException}.
 */
class ReaderGettersTest {
    @TempDir
    Path dir;

    private AlbisTable table(boolean oneGroup) throws IOException {
        Schema.Builder b = Schema.builder().column("b", DataType.BYTE).column("i", DataType.INT)
                .column("w", DataType.decimal(30, 0)).column("d", DataType.DOUBLE);
        if (!oneGroup) {
            Map<String, List<String>> groups = new LinkedHashMap<>();
            groups.put("narrow", List.of("b", "d"));
            groups.put("wide", List.of("i", "w"));
            b.groups(groups);
        }
        String path = dir.resolve(oneGroup ? "one" : "two").toString();
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, path, b.build(), WriterOptions.defaults())) {
            for (int r = 0; r < 3; r++) {
                w.setByte(0, (byte) r);
                if (r != 1) {
                    w.setInt(1, -r * 1000);
                }
                w.setDecimal(2, r == 2 ? new BigDecimal(BigInteger.TWO.pow(70)) : BigDecimal.valueOf(-r));
                w.setDouble(3, r + 0.5);
                w.nextRow();
            }
        }
        return AlbisTable.open(path);
    }

    @Test
    void gettersReadEachColumnOfItsGroupsRow() throws IOException {
        for (boolean oneGroup : new boolean[] {true, false}) {
            try (AlbisReader r = table(oneGroup).newReader(ReadOptions.all().withColumns(List.of("d", "i", "b", "w")))) {
                for (int row = 0; row < 3; row++) {
                    assertTrue(r.advance());
                    assertEquals(row + 0.5, r.getDouble(0));
                    assertEquals(row == 1, r.isNull(1));
                    assertEquals(row == 1 ? 0 : -row * 1000, r.getInt(1));
                    assertEquals(row, r.getByte(2));
                    assertFalse(r.isNull(3));
                    if (row < 2) {
                        assertEquals(-row, r.getDecimalUnscaled(3));
                        assertEquals(-row, r.wideLow(3));
                        assertEquals(row == 0 ? 0 : -1, r.wideHigh(3));
                    } else {
                        ArithmeticException e = assertThrows(ArithmeticException.class, () -> r.getDecimalUnscaled(3));
                        assertEquals("decimal value of column w does not fit a long", e.getMessage());
                        assertEquals(0, r.wideLow(3));
                        assertEquals(64, r.wideHigh(3));
                    }
                }
                assertFalse(r.advance());
            }
        }
    }

    @Test
    void aReadWiderThanTheColumnIsRefusedNamingIt() throws IOException {
        try (AlbisReader r = table(false).newReader(ReadOptions.all())) {
            assertTrue(r.advance());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> r.getInt(0));
            assertEquals("column b holds byte (1 bytes); a 4-byte value cannot be read from it", e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> r.getLong(1));
            assertTrue(e.getMessage().startsWith("column i holds int (4 bytes); a 8-byte value"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> r.wideHigh(3));
            assertEquals(0.5, r.getDouble(3));
        }
    }
}
