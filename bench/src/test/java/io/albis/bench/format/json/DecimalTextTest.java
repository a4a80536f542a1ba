package io.albis.bench.format.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class DecimalTextTest {

    private static long parse(String s, int scale) {
        return DecimalText.parse(s.toCharArray(), 0, s.length(), scale);
    }

    @Test
    void formatsPlainTextWithEveryFractionDigit() {
        assertEquals("-779.73", DecimalText.format(-77973, 2));
        assertEquals("0.05", DecimalText.format(5, 2));
        assertEquals("-0.05", DecimalText.format(-5, 2));
        assertEquals("0.00", DecimalText.format(0, 2));
        assertEquals("42", DecimalText.format(42, 0));
        assertEquals("0.000000000000000001", DecimalText.format(1, 18));
        assertEquals("-999999999999999999", DecimalText.format(-999_999_999_999_999_999L, 0));
    }

    @Test
    void parsesBackToTheUnscaledValue() {
        for (long v : new long[] {0, 1, -1, 5, -5, 77973, -77973, 999_999_999_999_999_999L, -999_999_999_999_999_999L}) {
            for (int scale : new int[] {0, 2, 7, 18}) {
                assertEquals(v, parse(DecimalText.format(v, scale), scale), v + " at scale " + scale);
            }
        }
        assertEquals(1200, parse("12", 2));
        assertEquals(1230, parse("12.3", 2));
        assertEquals(5, parse("0000.05", 2));
    }

    @Test
    void refusesWhatIsNotAnExactDecimalOfTheScale() {
        assertThrows(NumberFormatException.class, () -> parse("1.234", 2));
        assertThrows(NumberFormatException.class, () -> parse("1e5", 2));
        assertThrows(NumberFormatException.class, () -> parse("-", 2));
        assertThrows(NumberFormatException.class, () -> parse("1234567890123456789", 0));
        assertThrows(NumberFormatException.class, () -> parse("99", 18));
    }
}
