package io.albis.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.albis.error.InvalidOptionException;
import org.junit.jupiter.api.Test;

class ByteSizesTest {
    @Test
    void parsesBinarySuffixes() {
        assertEquals(4096L, ByteSizes.parse("4096"));
        assertEquals(512L << 10, ByteSizes.parse("512k"));
        assertEquals(64L << 20, ByteSizes.parse(" 64MiB "));
        assertEquals(2L << 30, ByteSizes.parse("2g"));
        for (String bad : new String[] {"", "m", "-1", "1.5g", "12q", "9000000000000000g"}) {
            assertThrows(InvalidOptionException.class, () -> ByteSizes.parse(bad), bad);
        }
    }

    @Test
    void formatsForMessages() {
        assertEquals("512 bytes", ByteSizes.format(512));
        assertEquals("16.0 KiB", ByteSizes.format(16 << 10));
        assertEquals("1.5 MiB", ByteSizes.format(3 << 19));
        assertEquals("2.0 GiB", ByteSizes.format(2L << 30));
    }
}
