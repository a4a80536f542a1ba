package io.albis.tpcds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class TpcdsTextTest {
    @Test
    void decimals() {
        assertEquals(-77973, TpcdsText.unscaledDecimal("-779.73", 2));
        assertEquals(0, TpcdsText.unscaledDecimal("0.00", 2));
        assertEquals(150, TpcdsText.unscaledDecimal("1.5", 2));
        assertEquals(100, TpcdsText.unscaledDecimal("1", 2));
        assertEquals(100, TpcdsText.unscaledDecimal("+1.", 2));
        assertEquals(42, TpcdsText.unscaledDecimal("42", 0));
        assertEquals(999_999_999_999_999_999L, TpcdsText.unscaledDecimal("9999999999999999.99", 2));
        for (String bad : new String[] {"", "-", ".", "1.234", "1e5", "1.2.3", "abc", " 1", "99999999999999999.99"}) {
            assertThrows(NumberFormatException.class, () -> TpcdsText.unscaledDecimal(bad, 2), bad);
        }
    }

    @Test
    void timesAndDates() {
        assertEquals(0, TpcdsText.secondsOfDay("00:00:00"));
        assertEquals(86399, TpcdsText.secondsOfDay("23:59:59"));
        assertEquals(3600 + 120 + 3, TpcdsText.secondsOfDay("01:02:03"));
        for (String bad : new String[] {"24:00:00", "1:02:03", "01-02-03", "aa:bb:cc", "01:60:00"}) {
            assertThrows(NumberFormatException.class, () -> TpcdsText.secondsOfDay(bad), bad);
        }
        assertEquals(0, TpcdsText.epochDay("1970-01-01"));
        assertEquals(-1, TpcdsText.epochDay("1969-12-31"));
        assertEquals(10957, TpcdsText.epochDay("2000-01-01"));
    }
}
