package io.albis.row;

import io.albis.error.SchemaMismatchException;
import io.albis.schema.DataType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * How a Java object becomes a stored value of a type: the one set of conversions behind the
 * writers' {@code setValue} and the elements {@link NestedValueEncoder} encodes. Each takes {@code where}
 * ("column 'a'", "an element of column 'a'") to name the value in its error, a
 * {@link SchemaMismatchException} for an object of the wrong class or a value out of range.
 */
public final class JavaValues {
    private JavaValues() {}

    public static boolean toBoolean(Object v, DataType t, String where) {
        if (v instanceof Boolean b) {
            return b;
        }
        throw mismatch(v.getClass().getSimpleName(), t, where);
    }

    /** Byte, Short, Integer or Long for a byte, short, int or long type, within the type's range. */
    public static long toIntegral(Object v, DataType t, String where) {
        if (!(v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long)) {
            throw mismatch(v.getClass().getSimpleName(), t, where);
        }
        long l = ((Number) v).longValue();
        long max = switch (t.id()) {
            case BYTE -> Byte.MAX_VALUE;
            case SHORT -> Short.MAX_VALUE;
            case INT -> Integer.MAX_VALUE;
            default -> Long.MAX_VALUE;
        };
        if (l > max || l < -max - 1) {
            throw mismatch("the value " + l + " (out of range)", t, where);
        }
        return l;
    }

    public static float toFloat(Object v, DataType t, String where) {
        if (v instanceof Float f) {
            return f;
        }
        throw mismatch(v.getClass().getSimpleName(), t, where);
    }

    public static double toDouble(Object v, DataType t, String where) {
        if (v instanceof Double || v instanceof Float) {
            return ((Number) v).doubleValue();
        }
        throw mismatch(v.getClass().getSimpleName(), t, where);
    }

    /** LocalDate, or Integer days since 1970-01-01. */
    public static int toDays(Object v, DataType t, String where) {
        if (v instanceof LocalDate d) {
            long days = d.toEpochDay();
            if (days < Integer.MIN_VALUE || days > Integer.MAX_VALUE) {
                throw mismatch("date " + d + " (out of range)", t, where);
            }
            return (int) days;
        }
        if (v instanceof Integer i) {
            return i;
        }
        throw mismatch(v.getClass().getSimpleName(), t, where);
    }

    /**
     * Microseconds for a timestamp (Instant, LocalDateTime taken as UTC, or Long) or a timestamp
     * without time zone (LocalDateTime, or Long: its wall clock read as if it were UTC).
     */
    public static long toMicros(Object v, DataType t, String where) {
        if (v instanceof Long l) {
            return l;
        }
        if (v instanceof LocalDateTime l) {
            return micros(l.toInstant(ZoneOffset.UTC), t, where);
        }
        if (v instanceof Instant i && t.id() == io.albis.schema.TypeId.TIMESTAMP) {
            return micros(i, t, where);
        }
        throw mismatch(v.getClass().getSimpleName(), t, where);
    }

    private static long micros(Instant i, DataType t, String where) {
        // Not ChronoUnit.MICROS.between: it goes through nanoseconds, which overflow a long beyond
        // the years 1677..2262, far inside the range of microseconds. Truncates toward zero as it does.
        long seconds = i.getEpochSecond();
        int nanos = i.getNano();
        if (seconds < 0 && nanos > 0) {
            seconds++;
            nanos -= 1_000_000_000;
        }
        try {
            return Math.addExact(Math.multiplyExact(seconds, 1_000_000L), nanos / 1000);
        } catch (ArithmeticException e) {
            throw mismatch("timestamp " + i + " (out of range)", t, where);
        }
    }

    /** A BigDecimal (or Long, Integer) as the unscaled value of decimal type {@code t}: exact, or refused. */
    public static BigInteger toUnscaled(Object v, DataType t, String where) {
        BigDecimal d;
        if (v instanceof BigDecimal b) {
            d = b;
        } else if (v instanceof Long || v instanceof Integer) {
            d = BigDecimal.valueOf(((Number) v).longValue());
        } else {
            throw mismatch(v.getClass().getSimpleName(), t, where);
        }
        // Check digits before rescaling: setScale on a value like 1E-999999999 would build a
        // number of a billion digits.
        BigDecimal stripped = d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
        if (stripped.scale() > t.scale()) {
            throw new SchemaMismatchException(d + " needs rounding to fit scale " + t.scale() + " of " + where);
        }
        long integerDigits = stripped.signum() == 0 ? 0 : (long) stripped.precision() - stripped.scale();
        if (integerDigits > t.precision() - t.scale()) {
            throw new SchemaMismatchException(d + " has more digits than " + t + " of " + where + " allows");
        }
        return stripped.setScale(t.scale(), RoundingMode.UNNECESSARY).unscaledValue();
    }

    public static byte[] toUtf8(Object v, DataType t, String where) {
        if (v instanceof String s) {
            return s.getBytes(StandardCharsets.UTF_8);
        }
        throw mismatch(v.getClass().getSimpleName(), t, where);
    }

    /** byte[] (not copied) or the remaining bytes of a ByteBuffer. */
    public static byte[] toBytes(Object v, DataType t, String where) {
        if (v instanceof byte[] b) {
            return b;
        }
        if (v instanceof ByteBuffer bb) {
            byte[] b = new byte[bb.remaining()];
            bb.duplicate().get(b);
            return b;
        }
        throw mismatch(v.getClass().getSimpleName(), t, where);
    }

    /** "{@code where} is {@code t} and cannot take {@code given}". */
    public static SchemaMismatchException mismatch(String given, DataType t, String where) {
        return new SchemaMismatchException(where + " is " + t + " and cannot take " + given);
    }
}
