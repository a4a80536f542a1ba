package io.albis.bench.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import org.junit.jupiter.api.Test;

class FlatColumnTest {

    @Test
    void typesRoundTripThroughTheirText() {
        for (DataType t : new DataType[] {DataType.BOOLEAN, DataType.BYTE, DataType.SHORT, DataType.INT, DataType.LONG,
            DataType.FLOAT, DataType.DOUBLE, DataType.DATE, DataType.TIMESTAMP, DataType.STRING, DataType.BINARY,
            DataType.decimal(7, 2), DataType.decimal(30, 10)}) {
            assertEquals(t, FlatColumn.parseType(new FlatColumn("c", t).typeText()));
        }
        assertThrows(IllegalArgumentException.class, () -> FlatColumn.parseType("struct"));
        assertThrows(IllegalArgumentException.class, () -> FlatColumn.parseType("varchar"));
    }

    @Test
    void nestedTablesAreRefused() {
        Schema nested = Schema.builder().column("s", DataType.struct(Field.of("a", DataType.INT))).build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FlatColumn.of(nested));
        assertEquals("benchmark tables must be flat, but column 's' is inside a struct", e.getMessage());
    }
}
