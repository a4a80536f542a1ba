package io.albis.cli;

import io.albis.schema.DataType;
import io.albis.util.Int128;
import io.albis.segment.ColumnStats;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;

/**
 * The text forms the tools print values in, the same for cat (JSON and CSV) and inspect: dates
 * as yyyy-mm-dd, timestamps as ISO-8601 UTC with exactly six fraction digits (without time zone:
 * the same without the Z), decimals as exact plain strings, binary as base64, NaN and infinities
 * by name.
 */
public final class ValueText {
    private static final DateTimeFormatter TIMESTAMP =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSS'Z'").withZone(ZoneOffset.UTC);

    private static final DateTimeFormatter TIMESTAMP_NTZ = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSS");

    private ValueText() {}

    /** A timestamp without time zone: its wall clock, six fraction digits, no zone. */
    public static String timestampNtz(LocalDateTime t) {
        return TIMESTAMP_NTZ.format(t);
    }

    public static String timestamp(Instant i) {
        return TIMESTAMP.format(i);
    }

    public static String timestampMicros(long micros) {
        return timestamp(Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L));
    }

    public static String date(LocalDate d) {
        return d.toString();
    }

    public static String decimal(BigDecimal d) {
        return d.toPlainString();
    }

    public static String binary(byte[] b) {
        return Base64.getEncoder().encodeToString(b);
    }

    /** Finite doubles in Java's shortest round-trip form; NaN, Infinity and -Infinity by name. */
    public static String floating(double d) {
        return Double.toString(d);
    }

    /**
     * Any value as {@code AlbisReader.getValue} returns it, as text (for CSV). Floats keep their
     * float digits (1.1f prints 1.1).
     */
    public static String text(Object v) {
        if (v instanceof Instant i) {
            return timestamp(i);
        }
        if (v instanceof LocalDateTime t) {
            return timestampNtz(t);
        }
        if (v instanceof LocalDate d) {
            return date(d);
        }
        if (v instanceof BigDecimal d) {
            return decimal(d);
        }
        if (v instanceof byte[] b) {
            return binary(b);
        }
        return String.valueOf(v);
    }

    /** A statistics extreme in the column's own terms: a number, date, timestamp, decimal or string. */
    public static Object statValue(ColumnStats s, DataType type, boolean min) {
        return switch (s.kind()) {
            case LONG -> {
                long v = min ? s.minLong() : s.maxLong();
                yield switch (type.id()) {
                    case BOOLEAN -> v != 0;
                    case DATE -> date(LocalDate.ofEpochDay(v));
                    case TIMESTAMP -> timestampMicros(v);
                    case TIMESTAMP_NTZ -> timestampNtz(io.albis.nested.NestedSlots.localDateTime(v));
                    case DECIMAL -> decimal(BigDecimal.valueOf(v, type.scale()));
                    default -> v;
                };
            }
            case DOUBLE -> {
                double v = min ? s.minDouble() : s.maxDouble();
                yield Double.isFinite(v) ? (Object) v : floating(v);
            }
            case WIDE -> {
                byte[] b = min ? s.minBytes() : s.maxBytes();
                BigInteger unscaled = Int128.toBigInteger(ColumnStats.wideHigh(b), ColumnStats.wideLow(b));
                yield decimal(new BigDecimal(unscaled, type.scale()));
            }
            case BYTES -> {
                byte[] b = min ? s.minBytes() : s.maxBytes();
                yield type.id() == io.albis.schema.TypeId.STRING ? new String(b, StandardCharsets.UTF_8) : binary(b);
            }
            case NONE -> null;
        };
    }
}
