package io.albis.util;

import io.albis.error.InvalidOptionException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Byte sizes as people write them (4096, 64k, 1m, 16MiB, 2g) and as messages show them. Every
 * suffix is binary: k = KiB = 1024 bytes, m = MiB, g = GiB, t = TiB; a trailing "b" or "ib" and
 * letter case are optional.
 */
public final class ByteSizes {
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(?:([kmgt])(?:i?b)?|b)?");

    private ByteSizes() {}

    /** The number of bytes {@code value} stands for. */
    public static long parse(String value) {
        Matcher m = SIZE.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new InvalidOptionException("'" + value + "' is not a size; use bytes or a number with k, m, g or t"
                    + " (binary units, e.g. 64k, 1m, 16MiB)");
        }
        int shift = m.group(2) == null ? 0 : switch (m.group(2)) {
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            default -> 40;
        };
        try {
            long n = Long.parseLong(m.group(1));
            if (n > (Long.MAX_VALUE >> shift)) {
                throw new NumberFormatException();
            }
            return n << shift;
        } catch (NumberFormatException e) {
            throw new InvalidOptionException("size '" + value + "' is too large");
        }
    }

    /** {@code bytes} for a message: "512 bytes", "16.0 KiB", "1.5 MiB", "2.0 GiB". */
    public static String format(long bytes) {
        if (bytes >= 1 << 30) {
            return String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1 << 30));
        }
        if (bytes >= 1 << 20) {
            return String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1 << 20));
        }
        if (bytes >= 1 << 10) {
            return String.format(Locale.ROOT, "%.1f KiB", bytes / 1024.0);
        }
        return bytes + " bytes";
    }
}
