package io.albis.spark.read;

import io.albis.filter.Predicate;
import io.albis.filter.Predicates;
import io.albis.schema.Column;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.sources.And;
import org.apache.spark.sql.sources.EqualNullSafe;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.GreaterThan;
import org.apache.spark.sql.sources.GreaterThanOrEqual;
import org.apache.spark.sql.sources.In;
import org.apache.spark.sql.sources.IsNotNull;
import org.apache.spark.sql.sources.IsNull;
import org.apache.spark.sql.sources.LessThan;
import org.apache.spark.sql.sources.LessThanOrEqual;
import org.apache.spark.sql.sources.Not;
import org.apache.spark.sql.sources.Or;

/**
 * Spark's data source filters as Albis predicates. Albis evaluates a predicate with SQL's
 * semantics, as Spark does (a comparison with null is unknown; NaN is above every number and equal
 * to itself; -0.0 equals 0.0; strings and binaries compare as unsigned bytes): it skips segments
 * whose statistics rule a match out and returns only the rows that match. So a filter this class
 * translates need not be evaluated again by Spark. A filter it cannot translate exactly (a
 * function, a null-safe comparison with a value, an IN list holding null, a column of a type the
 * literal does not fit) yields null, and Spark evaluates it.
 */
final class SparkFilters {
    private SparkFilters() {}

    /** The conjunction of the filters that translate, or null when none does. */
    static Predicate conjunction(Filter[] filters, Schema schema) {
        List<Predicate> terms = new ArrayList<>();
        for (Filter f : filters) {
            Predicate p = toAlbis(f, schema);
            if (p != null) {
                terms.add(p);
            }
        }
        return terms.isEmpty() ? null : terms.size() == 1 ? terms.get(0) : Predicates.and(terms.toArray(new Predicate[0]));
    }

    /** The filter as an Albis predicate over the table's columns, or null when it does not translate exactly. */
    static Predicate toAlbis(Filter f, Schema schema) {
        if (f instanceof And a) {
            Predicate l = toAlbis(a.left(), schema);
            Predicate r = toAlbis(a.right(), schema);
            return l == null || r == null ? null : Predicates.and(l, r);
        } else if (f instanceof Or o) {
            Predicate l = toAlbis(o.left(), schema);
            Predicate r = toAlbis(o.right(), schema);
            return l == null || r == null ? null : Predicates.or(l, r);
        } else if (f instanceof Not n) {
            Predicate p = toAlbis(n.child(), schema);
            return p == null ? null : Predicates.not(p);
        } else if (f instanceof IsNull n) {
            return column(n.attribute(), schema, true) == null ? null : Predicates.isNull(n.attribute());
        } else if (f instanceof IsNotNull n) {
            return column(n.attribute(), schema, true) == null ? null : Predicates.isNotNull(n.attribute());
        } else if (f instanceof EqualNullSafe e) {
            // only "a <=> null" means what an Albis predicate can say; with a value it differs under NOT
            return e.value() == null && column(e.attribute(), schema, true) != null ? Predicates.isNull(e.attribute()) : null;
        } else if (f instanceof EqualTo e) {
            return compare(e.attribute(), Predicate.Op.EQ, e.value(), schema);
        } else if (f instanceof GreaterThan g) {
            return compare(g.attribute(), Predicate.Op.GT, g.value(), schema);
        } else if (f instanceof GreaterThanOrEqual g) {
            return compare(g.attribute(), Predicate.Op.GE, g.value(), schema);
        } else if (f instanceof LessThan l) {
            return compare(l.attribute(), Predicate.Op.LT, l.value(), schema);
        } else if (f instanceof LessThanOrEqual l) {
            return compare(l.attribute(), Predicate.Op.LE, l.value(), schema);
        } else if (f instanceof In in) {
            Column c = column(in.attribute(), schema, false);
            if (c == null || in.values().length == 0) {
                return null;
            }
            List<Object> values = new ArrayList<>();
            for (Object v : in.values()) {
                Object literal = literal(v, c.type());
                if (literal == null) {
                    return null; // a null in the list makes IN unknown where Albis would say false
                }
                values.add(literal);
            }
            return Predicates.in(in.attribute(), values);
        }
        return null;
    }

    private static Predicate compare(String attribute, Predicate.Op op, Object value, Schema schema) {
        Column c = column(attribute, schema, false);
        Object literal = c == null ? null : literal(value, c.type());
        return literal == null ? null : Predicates.compare(attribute, op, literal);
    }

    /** The live value column of that name; lists and maps only for null tests. */
    private static Column column(String name, Schema schema, boolean nullTest) {
        if (!schema.hasColumn(name)) {
            return null;
        }
        Column c = schema.column(schema.columnIndex(name));
        if (c.deleted() || c.isStructMarker() || (!nullTest && c.type().isNested())) {
            return null;
        }
        return c;
    }

    /** Spark's literal as the Java value Albis compares with a column of type {@code t}, or null if it does not fit exactly. */
    private static Object literal(Object v, DataType t) {
        if (v == null) {
            return null;
        }
        return switch (t.id()) {
            case BOOLEAN -> v instanceof Boolean ? v : null;
            case BYTE, SHORT, INT, LONG ->
                    v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long ? v : null;
            case FLOAT, DOUBLE -> v instanceof Float f ? (Object) f.doubleValue() : v instanceof Double ? v : null;
            case DECIMAL -> v instanceof BigDecimal ? v : null;
            case DATE -> v instanceof LocalDate ? v : v instanceof java.sql.Date d ? d.toLocalDate() : null;
            case TIMESTAMP -> v instanceof Instant ? v : v instanceof java.sql.Timestamp ts ? ts.toInstant() : null;
            case TIMESTAMP_NTZ -> v instanceof LocalDateTime ? v : null;
            case STRING -> v instanceof String ? v : null;
            case BINARY -> v instanceof byte[] ? v : null;
            case LIST, MAP, STRUCT -> null;
        };
    }
}
