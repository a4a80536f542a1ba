package io.albis.tpcds;

/** Parses the generator's text values into Albis' stored units without creating objects. */
final class TpcdsText {
    private TpcdsText() {}

    /** "-779.73" at scale 2 gives -77973. At most 18 digits; fraction digits beyond the scale are refused. */
    static long unscaledDecimal(String s, int scale) {
        int n = s.length();
        int i = 0;
        boolean negative = false;
        if (i < n && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
            negative = s.charAt(i) == '-';
            i++;
        }
        long v = 0;
        int digits = 0;
        int fraction = -1;
        for (; i < n; i++) {
            char c = s.charAt(i);
            if (c == '.' && fraction < 0) {
                fraction = 0;
                continue;
            }
            if (c < '0' || c > '9') {
                throw new NumberFormatException("not a decimal");
            }
            if (fraction >= 0 && ++fraction > scale) {
                throw new NumberFormatException("more than " + scale + " fraction digits");
            }
            if (++digits > 18) {
                throw new NumberFormatException("more than 18 digits");
            }
            v = v * 10 + (c - '0');
        }
        if (digits == 0) {
            throw new NumberFormatException("no digits");
        }
        for (int f = Math.max(fraction, 0); f < scale; f++) {
            if (++digits > 18) {
                throw new NumberFormatException("more than 18 digits");
            }
            v *= 10;
        }
        return negative ? -v : v;
    }

    /** "HH:MM:SS" as seconds of the day. */
    static int secondsOfDay(String s) {
        if (s.length() != 8 || s.charAt(2) != ':' || s.charAt(5) != ':') {
            throw new NumberFormatException("not HH:MM:SS");
        }
        int h = twoDigits(s, 0);
        int m = twoDigits(s, 3);
        int sec = twoDigits(s, 6);
        if (h > 23 || m > 59 || sec > 59) {
            throw new NumberFormatException("time out of range");
        }
        return h * 3600 + m * 60 + sec;
    }

    /** "yyyy-mm-dd" as days since 1970-01-01. */
    static int epochDay(String s) {
        return Math.toIntExact(java.time.LocalDate.parse(s).toEpochDay());
    }

    private static int twoDigits(String s, int at) {
        char a = s.charAt(at);
        char b = s.charAt(at + 1);
        if (a < '0' || a > '9' || b < '0' || b > '9') {
            throw new NumberFormatException("not a digit");
        }
        return (a - '0') * 10 + (b - '0');
    }
}
