package io.albis.convert.csv;

import io.albis.schema.DataType;
import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;

/**
 * Reading CSV text as typed values. The {@code is...} checks are the strict forms type inference
 * accepts (a value that would change when written back, such as "007" as an int, stays a
 * string); the {@code parse...} methods are what an explicitly declared type accepts and throw
 * {@link IllegalArgumentException} with the reason otherwise.
 */
final class CsvValues {
    static final int MAX_DECIMAL_TEXT = 1000;

    private CsvValues() {
    }

    // ------------------------------------------------------------------ inference checks

    static boolean isBoolean(String s) {
        return s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false");
    }

    /** An optional minus and digits without leading zeros: "0", "-12", not "007", "+1" or "1.0". */
    static boolean isPlainInteger(String s) {
        int i = s.startsWith("-") ? 1 : 0;
        if (i == s.length()) {
            return false;
        }
        if (s.charAt(i) == '0' && s.length() > i + 1) {
            return false;
        }
        for (; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /**
     * A decimal number as plain as {@link #isPlainInteger}, with optional fraction and exponent,
     * or NaN / Infinity / -Infinity.
     */
    static boolean isPlainDouble(String s) {
        if (s.equals("NaN") || s.equals("Infinity") || s.equals("-Infinity")) {
            return true;
        }
        int i = s.startsWith("-") ? 1 : 0;
        int start = i;
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            i++;
        }
        int intDigits = i - start;
        if (intDigits == 0 || (intDigits > 1 && s.charAt(start) == '0')) {
            return false;
        }
        if (i < s.length() && s.charAt(i) == '.') {
            int f = ++i;
            while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                i++;
            }
            if (i == f) {
                return false;
            }
        }
        if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int e = i;
            while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                i++;
            }
            if (i == e) {
                return false;
            }
        }
        if (i != s.length()) {
            return false;
        }
        double d = Double.parseDouble(s);
        return !Double.isInfinite(d); // overflowing "1e400" would not come back as written
    }

    /** Starts like yyyy-mm-dd; a cheap filter before date and timestamp parsing. */
    static boolean looksLikeDate(String s) {
        if (s.length() < 10 || s.charAt(4) != '-' || s.charAt(7) != '-') {
            return false;
        }
        for (int i : new int[] {0, 1, 2, 3, 5, 6, 8, 9}) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    static boolean isDate(String s) {
        if (s.length() != 10 || !looksLikeDate(s)) {
            return false;
        }
        try {
            parseDate(s);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    static boolean isTimestamp(String s) {
        if (!looksLikeDate(s)) {
            return false;
        }
        try {
            parseTimestampMicros(s);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    // ------------------------------------------------------------------ parsing declared types

    static boolean parseBoolean(String s) {
        if (s.equalsIgnoreCase("true")) {
            return true;
        }
        if (s.equalsIgnoreCase("false")) {
            return false;
        }
        throw new IllegalArgumentException("expected true or false");
    }

    /** A whole number within [min, max]. */
    static long parseInteger(String s, long min, long max) {
        long v;
        try {
            v = Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a whole number in range");
        }
        if (v < min || v > max) {
            throw new IllegalArgumentException("outside " + min + ".." + max);
        }
        return v;
    }

    static double parseDouble(String s) {
        checkNumberSyntax(s);
        double d = Double.parseDouble(s);
        if (Double.isInfinite(d) && !s.endsWith("Infinity")) {
            throw new IllegalArgumentException("too large for a double");
        }
        return d;
    }

    static float parseFloat(String s) {
        checkNumberSyntax(s);
        float f = Float.parseFloat(s);
        if (Float.isInfinite(f) && !s.endsWith("Infinity")) {
            throw new IllegalArgumentException("too large for a float");
        }
        return f;
    }

    /** Decimal digits with optional sign, point and exponent, or NaN/Infinity: no hex, no "d"/"f" suffix, no spaces. */
    private static void checkNumberSyntax(String s) {
        String body = s.startsWith("-") || s.startsWith("+") ? s.substring(1) : s;
        if (body.equals("NaN") || body.equals("Infinity")) {
            return;
        }
        boolean digits = false;
        boolean point = false;
        int i = 0;
        for (; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c >= '0' && c <= '9') {
                digits = true;
            } else if (c == '.' && !point) {
                point = true;
            } else {
                break;
            }
        }
        if (digits && i < body.length() && (body.charAt(i) == 'e' || body.charAt(i) == 'E')) {
            int j = i + 1;
            if (j < body.length() && (body.charAt(j) == '+' || body.charAt(j) == '-')) {
                j++;
            }
            int e = j;
            while (j < body.length() && body.charAt(j) >= '0' && body.charAt(j) <= '9') {
                j++;
            }
            i = j > e ? j : -1;
        }
        if (!digits || i != body.length()) {
            throw new IllegalArgumentException("not a number");
        }
    }

    /**
     * A decimal number as the column's exact scale. Digit counts are checked on the parsed
     * number before any rescaling, so an exponent like 1e-999999999 cannot make it expensive.
     */
    static BigDecimal parseDecimal(String s, DataType t) {
        if (s.length() > MAX_DECIMAL_TEXT) {
            throw new IllegalArgumentException("longer than " + MAX_DECIMAL_TEXT + " characters");
        }
        BigDecimal d;
        try {
            d = new BigDecimal(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a decimal number");
        }
        if (d.signum() == 0) {
            return BigDecimal.ZERO.setScale(t.scale());
        }
        if ((long) d.precision() - d.scale() > t.precision() - t.scale()) {
            throw new IllegalArgumentException("more than " + (t.precision() - t.scale()) + " digits before the point");
        }
        if (d.scale() > t.scale()) {
            d = d.stripTrailingZeros();
            if (d.scale() > t.scale()) {
                throw new IllegalArgumentException("more than " + t.scale() + " digits after the point; it would need rounding");
            }
        }
        return d.setScale(t.scale());
    }

    /** Days since 1970-01-01 of an ISO date (yyyy-mm-dd). */
    static int parseDate(String s) {
        try {
            long days = LocalDate.parse(s, DateTimeFormatter.ISO_LOCAL_DATE).toEpochDay();
            if (days < Integer.MIN_VALUE || days > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("date out of range");
            }
            return (int) days;
        } catch (DateTimeException e) {
            throw new IllegalArgumentException("not an ISO date (yyyy-mm-dd)");
        }
    }

    /**
     * Microseconds since the epoch of an ISO-8601 timestamp: a date, or date and time separated
     * by 'T' or a space, with optional fraction and optional offset ('Z', +hh:mm) or zone
     * ([Europe/Paris]). Without offset the time is taken as UTC. Sub-microsecond digits that are
     * not zero are refused rather than truncated.
     */
    static long parseTimestampMicros(String s) {
        String text = s.length() > 10 && s.charAt(10) == ' ' ? s.substring(0, 10) + 'T' + s.substring(11) : s;
        Instant instant;
        try {
            if (text.length() == 10) {
                instant = LocalDate.parse(text, DateTimeFormatter.ISO_LOCAL_DATE).atStartOfDay(ZoneOffset.UTC).toInstant();
            } else {
                TemporalAccessor t = DateTimeFormatter.ISO_DATE_TIME.parse(text);
                instant = t.isSupported(ChronoField.INSTANT_SECONDS) ? Instant.from(t)
                        : LocalDateTime.from(t).toInstant(ZoneOffset.UTC);
            }
        } catch (DateTimeException e) {
            throw new IllegalArgumentException("not an ISO-8601 timestamp (like 2024-05-01T12:30:00Z)");
        }
        if (instant.getNano() % 1000 != 0) {
            throw new IllegalArgumentException("finer than a microsecond");
        }
        try {
            return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1000);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("outside the range of microseconds in a long");
        }
    }
}
