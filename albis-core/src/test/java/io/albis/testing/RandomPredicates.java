package io.albis.testing;

import io.albis.filter.Predicate;
import io.albis.filter.Predicates;
import io.albis.schema.Column;
import io.albis.schema.DataType;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random predicates over a table's value columns: every comparison operator, IN / NOT IN,
 * IS [NOT] NULL, AND, OR, NOT, with literals of the column's own type (often values present in
 * the data, so equalities hit) and of other numeric types (an int column &lt; 2.5, a decimal
 * column = 1.005, long literals far out of a byte column's range, NaN against floats).
 */
public final class RandomPredicates {
    private final Random random;
    private final ExpectedTable table;
    private final List<Column> columns = new ArrayList<>();
    private final RandomTables values;

    public RandomPredicates(Random random, ExpectedTable table) {
        this.random = random;
        this.table = table;
        this.values = new RandomTables(random.nextLong());
        for (Column c : table.schema().columns()) {
            if (!c.isStructMarker() && !c.deleted()) {
                columns.add(c);
            }
        }
    }

    public Predicate randomPredicate(int depth) {
        int kind = random.nextInt(depth > 0 ? 10 : 6);
        return switch (kind) {
            case 0, 1, 2 -> compare(randomColumn());
            case 3 -> in(randomColumn());
            case 4 -> isNull(randomColumn());
            case 5 -> compare(randomColumn());
            case 6, 7 -> Predicates.and(terms(depth));
            case 8 -> Predicates.or(terms(depth));
            default -> Predicates.not(randomPredicate(depth - 1));
        };
    }

    private Predicate[] terms(int depth) {
        Predicate[] t = new Predicate[2 + random.nextInt(2)];
        for (int i = 0; i < t.length; i++) {
            t[i] = randomPredicate(depth - 1);
        }
        return t;
    }

    private Column randomColumn() {
        return columns.get(random.nextInt(columns.size()));
    }

    private Predicate isNull(Column c) {
        return random.nextBoolean() ? Predicates.isNull(c.name()) : Predicates.isNotNull(c.name());
    }

    /** A comparison with a literal; on a list or map, which only IS [NOT] NULL applies to, one of those. */
    public Predicate compare(Column c) {
        if (c.type().isNested()) {
            return isNull(c);
        }
        Predicate.Op op = Predicate.Op.values()[random.nextInt(Predicate.Op.values().length)];
        return Predicates.compare(c.name(), op, literal(c));
    }

    private Predicate in(Column c) {
        if (c.type().isNested()) {
            return isNull(c);
        }
        int n = 1 + random.nextInt(4);
        List<Object> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(literal(c));
        }
        Predicate p = Predicates.in(c.name(), list);
        return random.nextBoolean() ? p : Predicates.not(p);
    }

    /** A value of the column from some row, or null when the sample hit a null. */
    private Object sample(Column c) {
        if (table.rowCount() == 0) {
            return null;
        }
        return table.value(random.nextInt(table.rowCount()), c.index());
    }

    /** A literal for comparing with column {@code c}. */
    public Object literal(Column c) {
        DataType t = c.type();
        Object v = sample(c);
        if (v == null) {
            v = values.randomValue(t, RandomTables.DataProfile.typical());
        }
        return switch (t.id()) {
            case BOOLEAN -> random.nextInt(4) == 0 ? String.valueOf(v).toUpperCase() : v;
            case BYTE, SHORT, INT, LONG -> integralLiteral(((Number) v).longValue(), v);
            case DECIMAL -> decimalLiteral((BigDecimal) v, t);
            case FLOAT, DOUBLE -> floatingLiteral(((Number) v).doubleValue(), v);
            case DATE -> dateLiteral((LocalDate) v);
            case TIMESTAMP -> timestampLiteral((Instant) v);
            case TIMESTAMP_NTZ -> timestampLiteral(((java.time.LocalDateTime) v).toInstant(java.time.ZoneOffset.UTC));
            case STRING -> stringLiteral((String) v);
            case BINARY -> binaryLiteral((byte[]) v);
            case STRUCT, LIST, MAP -> throw new IllegalArgumentException(t + " has no literals");
        };
    }

    private Object integralLiteral(long x, Object asStored) {
        return switch (random.nextInt(12)) {
            case 0, 1 -> asStored;
            case 2 -> x;
            case 3 -> x + 0.5; // between two storable values (when exact in double)
            case 4 -> BigDecimal.valueOf(x).add(new BigDecimal("0.5"));
            case 5 -> BigDecimal.valueOf(x).subtract(new BigDecimal("0.001"));
            case 6 -> Long.MAX_VALUE;
            case 7 -> Long.MIN_VALUE;
            case 8 -> new BigDecimal("1e30");
            case 9 -> new BigDecimal("-1e30").subtract(new BigDecimal("0.5"));
            case 10 -> (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, x));
            default -> (double) x;
        };
    }

    private Object decimalLiteral(BigDecimal d, DataType t) {
        BigDecimal ulp = BigDecimal.ONE.movePointLeft(t.scale());
        return switch (random.nextInt(11)) {
            case 0, 1, 2 -> d;
            case 3 -> d.add(ulp.divide(BigDecimal.valueOf(2))); // e.g. 1.005 on a scale-2 column
            case 4 -> d.subtract(ulp);
            case 5 -> d.doubleValue();
            case 6 -> d.setScale(0, java.math.RoundingMode.FLOOR).toBigInteger().bitLength() < 63
                    ? d.setScale(0, java.math.RoundingMode.FLOOR).longValueExact() : d;
            case 7 -> new BigDecimal("1e40");
            case 8 -> new BigDecimal("-1e40");
            case 9 -> d.stripTrailingZeros().toPlainString().length() < 30 ? d.toPlainString() : d;
            default -> random.nextInt(201) - 100;
        };
    }

    private Object floatingLiteral(double x, Object asStored) {
        return switch (random.nextInt(12)) {
            case 0, 1, 2 -> asStored;
            case 3 -> x;
            case 4 -> Double.NaN;
            case 5 -> random.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
            case 6 -> random.nextBoolean() ? -0.0 : 0.0f;
            case 7 -> random.nextInt(21) - 10;
            case 8 -> (long) (random.nextInt(2001) - 1000);
            case 9 -> new BigDecimal("2.5");
            case 10 -> Double.isFinite(x) ? x / 2 : 1e300;
            default -> 0.1;
        };
    }

    private Object dateLiteral(LocalDate d) {
        return switch (random.nextInt(5)) {
            case 0, 1 -> d;
            case 2 -> Math.toIntExact(d.toEpochDay());
            case 3 -> d.getYear() >= 0 && d.getYear() <= 9999 ? d.toString() : d.plusDays(1);
            default -> d.minusDays(1);
        };
    }

    private Object timestampLiteral(Instant i) {
        return switch (random.nextInt(7)) {
            case 0, 1 -> i;
            case 2 -> RowWriting.micros(i);
            case 3 -> i.plusNanos(random.nextBoolean() ? 1 : -1); // between two storable values
            case 4 -> i.minus(1, ChronoUnit.MICROS);
            case 5 -> LocalDateTime.ofInstant(i, ZoneOffset.UTC);
            default -> i.getEpochSecond() > -60_000_000_000L && i.getEpochSecond() < 250_000_000_000L
                    ? i.toString() : i;
        };
    }

    private Object stringLiteral(String s) {
        return switch (random.nextInt(6)) {
            case 0, 1, 2 -> s;
            case 3 -> s.isEmpty() ? "" : s.substring(0, s.offsetByCodePoints(0, s.codePointCount(0, s.length()) / 2));
            case 4 -> s + "\u0000";
            default -> values.randomString(RandomTables.DataProfile.typical());
        };
    }

    private Object binaryLiteral(byte[] b) {
        return switch (random.nextInt(5)) {
            case 0, 1, 2 -> b;
            case 3 -> java.util.Arrays.copyOf(b, Math.max(0, b.length - 1));
            default -> new String(b, StandardCharsets.ISO_8859_1).codePoints().allMatch(cp -> cp < 0x80)
                    ? new String(b, StandardCharsets.US_ASCII) : b;
        };
    }
}
