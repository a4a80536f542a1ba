package io.albis.cli;

import io.albis.error.InvalidOptionException;
import java.time.Duration;
import picocli.CommandLine.ITypeConverter;

/** Durations as people write them: {@code 0}, {@code 90s}, {@code 30m}, {@code 1h}, {@code 2d}. */
final class DurationConverter implements ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
        String v = value.trim().toLowerCase(java.util.Locale.ROOT);
        if (v.equals("0")) {
            return Duration.ZERO;
        }
        if (v.length() >= 2) {
            char unit = v.charAt(v.length() - 1);
            try {
                long n = Long.parseLong(v.substring(0, v.length() - 1));
                if (n >= 0) {
                    switch (unit) {
                        case 's': return Duration.ofSeconds(n);
                        case 'm': return Duration.ofMinutes(n);
                        case 'h': return Duration.ofHours(n);
                        case 'd': return Duration.ofDays(n);
                        default: break;
                    }
                }
            } catch (NumberFormatException ignored) {
                // falls through to the message below
            }
        }
        throw new InvalidOptionException("'" + value + "' is not a duration: write a whole number with s, m, h or d"
                + " (e.g. 30m), or 0");
    }
}
