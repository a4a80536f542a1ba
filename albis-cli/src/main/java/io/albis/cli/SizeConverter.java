package io.albis.cli;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A byte size such as 4096, 64k, 1m, 16MiB or 2g. Every suffix is binary: k = KiB = 1024 bytes,
 * m = MiB, g = GiB, t = TiB; a trailing "b" or "ib" and letter case are optional.
 */
public final class SizeConverter implements ITypeConverter<Long> {
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(?:([kmgt])(?:i?b)?|b)?");

    @Override
    public Long convert(String value) {
        return parse(value);
    }

    public static long parse(String value) {
        Matcher m = SIZE.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new TypeConversionException("'" + value + "' is not a size; use bytes or a number with k, m, g or t"
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
            throw new TypeConversionException("size '" + value + "' is too large");
        }
    }
}
