package io.albis.bench.format.json;

/**
 * Decimals of at most 18 digits as exact JSON number text: {@code -779.73} for the unscaled value
 * -77973 at scale 2, always with exactly {@code scale} fraction digits, and back, without
 * BigDecimal.
 */
final class DecimalText {
    private DecimalText() {}

    static String format(long unscaled, int scale) {
        if (scale == 0) {
            return Long.toString(unscaled);
        }
        // |unscaled| < 10^18 for at most 18 digits, so negation cannot overflow.
        String digits = Long.toString(Math.abs(unscaled));
        StringBuilder sb = new StringBuilder(digits.length() + 3);
        if (unscaled < 0) {
            sb.append('-');
        }
        int intDigits = digits.length() - scale;
        if (intDigits <= 0) {
            sb.append("0.");
            sb.append("0".repeat(-intDigits));
            sb.append(digits);
        } else {
            sb.append(digits, 0, intDigits).append('.').append(digits, intDigits, digits.length());
        }
        return sb.toString();
    }

    /** The unscaled value of the number text {@code chars[off, off + len)} at {@code scale}. */
    static long parse(char[] chars, int off, int len, int scale) {
        int i = off;
        int end = off + len;
        boolean negative = i < end && chars[i] == '-';
        if (negative) {
            i++;
        }
        long v = 0;
        int digits = 0;
        // Leading zeros do not count towards the 18 digits (0.05 has one).
        int significant = 0;
        int fraction = -1;
        for (; i < end; i++) {
            char c = chars[i];
            if (c == '.' && fraction < 0) {
                fraction = 0;
                continue;
            }
            if (c < '0' || c > '9') {
                throw invalid(chars, off, len, "is not a plain decimal number");
            }
            if (fraction >= 0 && ++fraction > scale) {
                throw invalid(chars, off, len, "has more than " + scale + " fraction digits");
            }
            digits++;
            if (v != 0 || c != '0') {
                significant++;
            }
            if (significant > 18) {
                throw invalid(chars, off, len, "has more than 18 digits");
            }
            v = v * 10 + (c - '0');
        }
        if (digits == 0) {
            throw invalid(chars, off, len, "has no digits");
        }
        for (int f = Math.max(fraction, 0); f < scale; f++) {
            if (v != 0 && ++significant > 18) {
                throw invalid(chars, off, len, "has more than 18 digits at scale " + scale);
            }
            v *= 10;
        }
        return negative ? -v : v;
    }

    private static NumberFormatException invalid(char[] chars, int off, int len, String why) {
        return new NumberFormatException("'" + new String(chars, off, len) + "' " + why);
    }
}
