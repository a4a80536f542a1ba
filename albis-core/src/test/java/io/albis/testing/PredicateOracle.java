package io.albis.testing;

import io.albis.filter.Predicate;
import io.albis.schema.Column;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * A brute-force evaluator of {@link Predicate}s over expected rows with SQL's three-valued logic,
 * written independently of the reader's binder so it can judge it.
 *
 * <p>Semantics: a comparison with a null value is UNKNOWN; NOT UNKNOWN is UNKNOWN; AND/OR follow
 * Kleene's tables; IN is TRUE when some value is equal, else FALSE (the list never holds null); a
 * row is selected only when the predicate is TRUE. Exact columns (boolean as 0/1, integers,
 * decimals, dates in days, timestamps in microseconds) compare exactly with the literal's exact
 * value (BigDecimal; a double literal by its exact binary value). Float and double columns compare
 * in double after converting the literal to double, as SQL promotes to the approximate type,
 * ordering -0.0 equal to 0.0 and NaN above everything and equal to itself. Strings and binaries
 * compare by unsigned bytes.
 */
public final class PredicateOracle {
    private PredicateOracle() {}

    /** TRUE, FALSE or null for UNKNOWN. */
    public static Boolean evaluate(Predicate p, Schema schema, Object[] row) {
        if (p instanceof Predicate.Not n) {
            Boolean v = evaluate(n.term(), schema, row);
            return v == null ? null : !v;
        }
        if (p instanceof Predicate.And a) {
            boolean unknown = false;
            for (Predicate t : a.terms()) {
                Boolean v = evaluate(t, schema, row);
                if (v == null) {
                    unknown = true;
                } else if (!v) {
                    return false;
                }
            }
            return unknown ? null : true;
        }
        if (p instanceof Predicate.Or o) {
            boolean unknown = false;
            for (Predicate t : o.terms()) {
                Boolean v = evaluate(t, schema, row);
                if (v == null) {
                    unknown = true;
                } else if (v) {
                    return true;
                }
            }
            return unknown ? null : false;
        }
        if (p instanceof Predicate.IsNull n) {
            boolean isNull = row[schema.columnIndex(n.column())] == null;
            return isNull != n.negated();
        }
        if (p instanceof Predicate.Compare c) {
            Column col = schema.column(schema.columnIndex(c.column()));
            Object v = row[col.index()];
            if (v == null) {
                return null;
            }
            int cmp = compare(col.type(), v, c.literal());
            return switch (c.op()) {
                case EQ -> cmp == 0;
                case NE -> cmp != 0;
                case LT -> cmp < 0;
                case LE -> cmp <= 0;
                case GT -> cmp > 0;
                case GE -> cmp >= 0;
            };
        }
        Predicate.In in = (Predicate.In) p;
        Column col = schema.column(schema.columnIndex(in.column()));
        Object v = row[col.index()];
        if (v == null) {
            return null;
        }
        boolean found = false;
        for (Object lit : in.values()) {
            if (compare(col.type(), v, lit) == 0) {
                found = true;
                break;
            }
        }
        return found != in.negated();
    }

    /** Sign of (value - literal) in the column type's order. */
    public static int compare(DataType type, Object value, Object literal) {
        return switch (type.id()) {
            case BOOLEAN -> Integer.signum(Boolean.compare((Boolean) value, booleanLiteral(literal)));
            case BYTE, SHORT, INT, LONG -> BigDecimal.valueOf(((Number) value).longValue()).compareTo(exact(literal));
            case DECIMAL -> ((BigDecimal) value).compareTo(exact(literal));
            case DATE -> BigDecimal.valueOf(((LocalDate) value).toEpochDay()).compareTo(dateLiteral(literal));
            case TIMESTAMP -> exactMicros((Instant) value).compareTo(timestampLiteral(literal));
            case TIMESTAMP_NTZ -> exactMicros(((java.time.LocalDateTime) value).toInstant(java.time.ZoneOffset.UTC))
                    .compareTo(timestampLiteral(literal));
            case FLOAT, DOUBLE -> compareDoubles(((Number) value).doubleValue(), doubleLiteral(literal));
            case STRING -> compareUnsigned(((String) value).getBytes(StandardCharsets.UTF_8), bytesLiteral(literal));
            case BINARY -> compareUnsigned((byte[]) value, bytesLiteral(literal));
            case STRUCT, LIST, MAP -> throw new IllegalArgumentException(type + " is not comparable");
        };
    }

    private static boolean booleanLiteral(Object lit) {
        if (lit instanceof Boolean b) {
            return b;
        }
        String s = (String) lit;
        if (!s.equalsIgnoreCase("true") && !s.equalsIgnoreCase("false")) {
            throw new IllegalArgumentException("not a boolean literal: " + s);
        }
        return s.equalsIgnoreCase("true");
    }

    /** The exact value of a numeric literal. */
    public static BigDecimal exact(Object lit) {
        if (lit instanceof BigDecimal d) {
            return d;
        }
        if (lit instanceof BigInteger i) {
            return new BigDecimal(i);
        }
        if (lit instanceof Byte || lit instanceof Short || lit instanceof Integer || lit instanceof Long) {
            return BigDecimal.valueOf(((Number) lit).longValue());
        }
        if (lit instanceof Float || lit instanceof Double) {
            return new BigDecimal(((Number) lit).doubleValue());
        }
        if (lit instanceof String s) {
            return new BigDecimal(s.trim());
        }
        throw new IllegalArgumentException("not a numeric literal: " + lit);
    }

    private static BigDecimal dateLiteral(Object lit) {
        if (lit instanceof LocalDate d) {
            return BigDecimal.valueOf(d.toEpochDay());
        }
        if (lit instanceof Integer days) {
            return BigDecimal.valueOf(days);
        }
        if (lit instanceof String s) {
            return BigDecimal.valueOf(LocalDate.parse(s).toEpochDay());
        }
        throw new IllegalArgumentException("not a date literal: " + lit);
    }

    private static BigDecimal timestampLiteral(Object lit) {
        if (lit instanceof Instant i) {
            return exactMicros(i);
        }
        if (lit instanceof LocalDateTime l) {
            return exactMicros(l.toInstant(ZoneOffset.UTC));
        }
        if (lit instanceof Long micros) {
            return BigDecimal.valueOf(micros);
        }
        if (lit instanceof String s) {
            return exactMicros(Instant.parse(s));
        }
        throw new IllegalArgumentException("not a timestamp literal: " + lit);
    }

    /** Microseconds since the epoch, with any sub-microsecond part as a fraction. */
    public static BigDecimal exactMicros(Instant i) {
        return BigDecimal.valueOf(i.getEpochSecond()).multiply(BigDecimal.valueOf(1_000_000))
                .add(BigDecimal.valueOf(i.getNano(), 3));
    }

    private static double doubleLiteral(Object lit) {
        if (lit instanceof Number n) {
            return n.doubleValue();
        }
        if (lit instanceof String s) {
            return Double.parseDouble(s.trim());
        }
        throw new IllegalArgumentException("not a floating-point literal: " + lit);
    }

    /** -0.0 equals 0.0; NaN is above everything and equal to itself. */
    public static int compareDoubles(double a, double b) {
        boolean an = Double.isNaN(a);
        boolean bn = Double.isNaN(b);
        if (an || bn) {
            return an && bn ? 0 : an ? 1 : -1;
        }
        return a < b ? -1 : a > b ? 1 : 0;
    }

    private static byte[] bytesLiteral(Object lit) {
        if (lit instanceof byte[] b) {
            return b;
        }
        if (lit instanceof String s) {
            return s.getBytes(StandardCharsets.UTF_8);
        }
        throw new IllegalArgumentException("not a string/binary literal: " + lit);
    }

    /** Lexicographic order by unsigned bytes; a proper prefix sorts first. */
    public static int compareUnsigned(byte[] a, byte[] b) {
        int n = Math.min(a.length, b.length);
        for (int i = 0; i < n; i++) {
            int x = a[i] & 0xff;
            int y = b[i] & 0xff;
            if (x != y) {
                return x < y ? -1 : 1;
            }
        }
        return Integer.compare(a.length, b.length);
    }
}
