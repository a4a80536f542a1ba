package io.albis.filter;

import io.albis.error.InvalidOptionException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/** Builders for {@link Predicate}s, and the rewriting the reader relies on. */
public final class Predicates {
    private Predicates() {}

    public static Predicate eq(String column, Object literal) {
        return compare(column, Predicate.Op.EQ, literal);
    }

    public static Predicate ne(String column, Object literal) {
        return compare(column, Predicate.Op.NE, literal);
    }

    public static Predicate lt(String column, Object literal) {
        return compare(column, Predicate.Op.LT, literal);
    }

    public static Predicate le(String column, Object literal) {
        return compare(column, Predicate.Op.LE, literal);
    }

    public static Predicate gt(String column, Object literal) {
        return compare(column, Predicate.Op.GT, literal);
    }

    public static Predicate ge(String column, Object literal) {
        return compare(column, Predicate.Op.GE, literal);
    }

    public static Predicate compare(String column, Predicate.Op op, Object literal) {
        if (literal == null) {
            throw new InvalidOptionException("comparing " + column + " with null is never true; use isNull/isNotNull");
        }
        return new Predicate.Compare(column, op, literal);
    }

    public static Predicate isNull(String column) {
        return new Predicate.IsNull(column, false);
    }

    public static Predicate isNotNull(String column) {
        return new Predicate.IsNull(column, true);
    }

    public static Predicate in(String column, List<?> values) {
        if (values.isEmpty()) {
            throw new InvalidOptionException("IN needs at least one value for " + column);
        }
        for (Object v : values) {
            if (v == null) {
                throw new InvalidOptionException("IN list of " + column + " holds null, which never matches; leave it out");
            }
        }
        return new Predicate.In(column, new ArrayList<>(values), false);
    }

    public static Predicate in(String column, Object... values) {
        return in(column, Arrays.asList(values));
    }

    public static Predicate and(Predicate... terms) {
        return new Predicate.And(List.of(terms));
    }

    public static Predicate or(Predicate... terms) {
        return new Predicate.Or(List.of(terms));
    }

    public static Predicate not(Predicate term) {
        return new Predicate.Not(term);
    }

    /**
     * Pushes every NOT down to the leaves. Under SQL's three-valued logic NOT(a &lt; 5) is a &gt;= 5
     * and NOT(a IN s) is a NOT IN s (both UNKNOWN for a null a), so in the result a row is
     * selected exactly when the plain boolean evaluation, with null values failing every
     * comparison, is true.
     */
    public static Predicate toNegationNormalForm(Predicate p) {
        return nnf(p, false);
    }

    private static Predicate nnf(Predicate p, boolean negate) {
        if (p instanceof Predicate.Not n) {
            return nnf(n.term(), !negate);
        }
        if (p instanceof Predicate.And a) {
            List<Predicate> t = a.terms().stream().map(x -> nnf(x, negate)).toList();
            return negate ? new Predicate.Or(t) : new Predicate.And(t);
        }
        if (p instanceof Predicate.Or o) {
            List<Predicate> t = o.terms().stream().map(x -> nnf(x, negate)).toList();
            return negate ? new Predicate.And(t) : new Predicate.Or(t);
        }
        if (!negate) {
            return p;
        }
        if (p instanceof Predicate.Compare c) {
            return new Predicate.Compare(c.column(), c.op().negate(), c.literal());
        }
        if (p instanceof Predicate.IsNull n) {
            return new Predicate.IsNull(n.column(), !n.negated());
        }
        Predicate.In in = (Predicate.In) p;
        return new Predicate.In(in.column(), in.values(), !in.negated());
    }

    /** Every column the predicate names, in first-mention order. */
    public static List<String> columns(Predicate p) {
        List<String> out = new ArrayList<>();
        collect(p, out);
        return out;
    }

    private static void collect(Predicate p, List<String> out) {
        String c = null;
        if (p instanceof Predicate.Compare x) {
            c = x.column();
        } else if (p instanceof Predicate.IsNull x) {
            c = x.column();
        } else if (p instanceof Predicate.In x) {
            c = x.column();
        } else if (p instanceof Predicate.And x) {
            x.terms().forEach(t -> collect(t, out));
        } else if (p instanceof Predicate.Or x) {
            x.terms().forEach(t -> collect(t, out));
        } else if (p instanceof Predicate.Not x) {
            collect(x.term(), out);
        }
        if (c != null && !out.contains(c)) {
            out.add(c);
        }
    }

    static String render(Object v) {
        if (v instanceof String s) {
            return "'" + s.replace("'", "''") + "'";
        }
        if (v instanceof byte[] b) {
            return "X'" + HexFormat.of().formatHex(b) + "'";
        }
        return String.valueOf(v);
    }
}
