package io.albis.filter;

import io.albis.error.SchemaMismatchException;
import io.albis.schema.DataType;
import io.albis.segment.StatKind;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * Binds a {@link Predicate} to reader columns. Literals are converted into the column's stored
 * unit exactly: a literal between two storable values turns {@code <}/{@code <=} into
 * {@code <= floor} and {@code >}/{@code >=} into {@code >= ceil}, {@code =} into never and
 * {@code !=} into IS NOT NULL, so e.g. {@code int_col < 2.5} means what it says.
 */
public final class PredicateBinder {

    /** How the binder finds columns. */
    public interface Columns {
        /** The reader column index for a name; throws {@link SchemaMismatchException} for unknown names. */
        int resolve(String name);

        DataType type(int column);
    }

    private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);
    private static final BigInteger WIDE_LIMIT = BigInteger.TEN.pow(DataType.MAX_DECIMAL_PRECISION);
    /** More integer digits than any stored value has (a long has 19, a wide decimal 38). */
    private static final int MAX_INTEGER_DIGITS = 40;

    private PredicateBinder() {}

    public static BoundPredicate bind(Predicate p, Columns columns) {
        return bindNnf(Predicates.toNegationNormalForm(p), columns);
    }

    private static BoundPredicate bindNnf(Predicate p, Columns cols) {
        if (p instanceof Predicate.And a) {
            return new BoundPredicate.And(a.terms().stream().map(t -> bindNnf(t, cols)).toList());
        }
        if (p instanceof Predicate.Or o) {
            return new BoundPredicate.Or(o.terms().stream().map(t -> bindNnf(t, cols)).toList());
        }
        if (p instanceof Predicate.IsNull n) {
            return new BoundPredicate.IsNull(cols.resolve(n.column()), n.negated());
        }
        if (p instanceof Predicate.Compare c) {
            int col = cols.resolve(c.column());
            return compare(col, cols.type(col), c.column(), c.op(), c.literal());
        }
        if (p instanceof Predicate.In in) {
            int col = cols.resolve(in.column());
            Predicate.Op op = in.negated() ? Predicate.Op.NE : Predicate.Op.EQ;
            List<BoundPredicate> terms = new ArrayList<>();
            for (Object v : in.values()) {
                BoundPredicate b = compare(col, cols.type(col), in.column(), op, v);
                if (!(b instanceof BoundPredicate.Never) && !(b instanceof BoundPredicate.IsNull)) {
                    terms.add(b); // values no stored value can equal are left out
                }
            }
            if (terms.isEmpty()) {
                return in.negated() ? new BoundPredicate.IsNull(col, true) : new BoundPredicate.Never();
            }
            if (terms.stream().allMatch(t -> t instanceof BoundPredicate.CompareLong c && c.op == op)) {
                long[] values = terms.stream().mapToLong(t -> ((BoundPredicate.CompareLong) t).literal).toArray();
                return new BoundPredicate.InLongs(col, values, in.negated());
            }
            return new BoundPredicate.InList(col, terms, in.negated());
        }
        throw new IllegalStateException("not in negation normal form: " + p);
    }

    private static BoundPredicate compare(int col, DataType type, String name, Predicate.Op op, Object literal) {
        if (type.isStruct()) {
            throw new SchemaMismatchException("column '" + name + "' is a struct; compare its fields instead");
        }
        if (type.isNested()) {
            throw new SchemaMismatchException("column '" + name + "' is a " + type
                    + "; only IS NULL and IS NOT NULL apply to a list or map");
        }
        return switch (StatKind.of(type)) {
            case LONG -> compareExact(col, op, units(type, name, literal), false);
            case WIDE -> compareExact(col, op, units(type, name, literal), true);
            case DOUBLE -> new BoundPredicate.CompareDouble(col, op, toDouble(name, literal));
            case BYTES -> new BoundPredicate.CompareBytes(col, op, toBytes(type, name, literal));
            case NONE -> throw new SchemaMismatchException("column '" + name + "' cannot be compared");
        };
    }

    /** Compares against an exact value in the column's units, adjusting for values between storable ones. */
    private static BoundPredicate compareExact(int col, Predicate.Op op, BigDecimal x, boolean wide) {
        // Decide huge and tiny literals from their digit counts: converting 1e100000000 exactly
        // would build a number of a hundred million digits.
        if (x.signum() != 0 && (long) x.precision() - x.scale() > MAX_INTEGER_DIGITS) {
            return outOfRange(col, op, x.signum() > 0);
        }
        if (x.signum() != 0 && (long) x.scale() - x.precision() > MAX_INTEGER_DIGITS) {
            // 0 < |x| < 1: no stored integer equals it; floor and ceiling follow from its sign.
            x = x.signum() > 0 ? new BigDecimal("0.5") : new BigDecimal("-0.5");
        }
        boolean integral = x.signum() == 0 || x.stripTrailingZeros().scale() <= 0;
        BigDecimal adjusted = x;
        if (!integral) {
            switch (op) {
                case EQ -> {
                    return new BoundPredicate.Never();
                }
                case NE -> {
                    return new BoundPredicate.IsNull(col, true);
                }
                case LT, LE -> {
                    adjusted = x.setScale(0, RoundingMode.FLOOR);
                    op = Predicate.Op.LE;
                }
                case GT, GE -> {
                    adjusted = x.setScale(0, RoundingMode.CEILING);
                    op = Predicate.Op.GE;
                }
            }
        }
        BigInteger v = adjusted.toBigIntegerExact();
        if (wide) {
            if (v.abs().compareTo(WIDE_LIMIT) >= 0) {
                return outOfRange(col, op, v.signum() > 0);
            }
            return new BoundPredicate.CompareWide(col, op, v.shiftRight(64).longValue(), v.longValue());
        }
        if (adjusted.compareTo(LONG_MIN) < 0 || adjusted.compareTo(LONG_MAX) > 0) {
            return outOfRange(col, op, v.signum() > 0);
        }
        return new BoundPredicate.CompareLong(col, op, v.longValueExact());
    }

    /** Every stored value is below (literal too large) or above (too small) the literal. */
    private static BoundPredicate outOfRange(int col, Predicate.Op op, boolean literalAbove) {
        boolean holds = switch (op) {
            case EQ -> false;
            case NE -> true;
            case LT, LE -> literalAbove;
            case GT, GE -> !literalAbove;
        };
        return holds ? new BoundPredicate.IsNull(col, true) : new BoundPredicate.Never();
    }

    /** The literal in the column's stored units (days, microseconds, unscaled decimal, 0/1). */
    static BigDecimal units(DataType type, String name, Object v) {
        try {
            switch (type.id()) {
                case BOOLEAN -> {
                    if (v instanceof Boolean b) {
                        return b ? BigDecimal.ONE : BigDecimal.ZERO;
                    }
                    if (v instanceof String s && (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false"))) {
                        return Boolean.parseBoolean(s) ? BigDecimal.ONE : BigDecimal.ZERO;
                    }
                }
                case DATE -> {
                    if (v instanceof LocalDate d) {
                        return BigDecimal.valueOf(d.toEpochDay());
                    }
                    if (v instanceof String s) {
                        return BigDecimal.valueOf(LocalDate.parse(s).toEpochDay());
                    }
                    if (v instanceof Integer i) {
                        return BigDecimal.valueOf(i);
                    }
                }
                case TIMESTAMP, TIMESTAMP_NTZ -> {
                    Instant i = null;
                    if (v instanceof Instant x) {
                        i = x;
                    } else if (v instanceof LocalDateTime l) {
                        i = l.toInstant(ZoneOffset.UTC);
                    } else if (v instanceof Long micros) {
                        return BigDecimal.valueOf(micros);
                    } else if (v instanceof String s) {
                        i = parseInstant(s);
                    }
                    if (i != null) {
                        long secs = i.getEpochSecond();
                        return BigDecimal.valueOf(secs).multiply(BigDecimal.valueOf(1_000_000))
                                .add(BigDecimal.valueOf(i.getNano()).movePointLeft(3));
                    }
                }
                case DECIMAL -> {
                    BigDecimal d = number(v);
                    if (d != null) {
                        return d.movePointRight(type.scale());
                    }
                }
                default -> {
                    BigDecimal d = number(v);
                    if (d != null) {
                        return d;
                    }
                }
            }
        } catch (DateTimeParseException e) {
            throw new SchemaMismatchException("cannot compare " + type + " column '" + name + "' with '" + v + "': "
                    + e.getMessage());
        } catch (NumberFormatException e) {
            throw new SchemaMismatchException("cannot compare " + type + " column '" + name + "' with '" + v
                    + "': not a number");
        }
        throw new SchemaMismatchException("cannot compare " + type + " column '" + name + "' with "
                + v.getClass().getSimpleName() + " " + Predicates.render(v));
    }

    private static Instant parseInstant(String s) {
        try {
            return Instant.parse(s);
        } catch (DateTimeParseException e) {
            try {
                return LocalDateTime.parse(s).toInstant(ZoneOffset.UTC);
            } catch (DateTimeParseException e2) {
                return LocalDate.parse(s).atStartOfDay().toInstant(ZoneOffset.UTC);
            }
        }
    }

    private static BigDecimal number(Object v) {
        if (v instanceof BigDecimal d) {
            return d;
        }
        if (v instanceof BigInteger i) {
            return new BigDecimal(i);
        }
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return BigDecimal.valueOf(((Number) v).longValue());
        }
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                return null;
            }
            return new BigDecimal(d);
        }
        if (v instanceof String s) {
            return new BigDecimal(s.trim());
        }
        return null;
    }

    private static double toDouble(String name, Object v) {
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        if (v instanceof String s) {
            try {
                return Double.parseDouble(s.trim());
            } catch (NumberFormatException e) {
                throw new SchemaMismatchException("cannot compare floating-point column '" + name + "' with '" + s + "'");
            }
        }
        throw new SchemaMismatchException("cannot compare floating-point column '" + name + "' with "
                + v.getClass().getSimpleName());
    }

    private static byte[] toBytes(DataType type, String name, Object v) {
        if (v instanceof String s) {
            return s.getBytes(StandardCharsets.UTF_8);
        }
        if (v instanceof byte[] b && type.id() == io.albis.schema.TypeId.BINARY) {
            return b.clone();
        }
        throw new SchemaMismatchException("cannot compare " + type + " column '" + name + "' with "
                + v.getClass().getSimpleName());
    }

    static long micros(Instant i) {
        return ChronoUnit.MICROS.between(Instant.EPOCH, i);
    }
}
