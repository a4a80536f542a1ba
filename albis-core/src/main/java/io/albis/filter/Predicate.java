package io.albis.filter;

import java.util.List;

/**
 * A row filter over column values with SQL semantics: a row is returned only when the predicate
 * is TRUE (a comparison with a null value is UNKNOWN, and NOT UNKNOWN stays UNKNOWN). Build with
 * {@link Predicates}.
 */
public sealed interface Predicate {

    enum Op {
        EQ("="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">=");

        public final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }

        /** The operator whose result is the negation of this one for every non-null value. */
        public Op negate() {
            return switch (this) {
                case EQ -> NE;
                case NE -> EQ;
                case LT -> GE;
                case LE -> GT;
                case GT -> LE;
                case GE -> LT;
            };
        }

        /** The operator with its operands swapped (5 &lt; a is a &gt; 5). */
        public Op flip() {
            return switch (this) {
                case EQ, NE -> this;
                case LT -> GT;
                case LE -> GE;
                case GT -> LT;
                case GE -> LE;
            };
        }
    }

    /** {@code column op literal}; the literal is never null. */
    record Compare(String column, Op op, Object literal) implements Predicate {
        @Override
        public String toString() {
            return column + " " + op.symbol + " " + Predicates.render(literal);
        }
    }

    /** {@code column IS NULL}, or {@code IS NOT NULL} when negated. */
    record IsNull(String column, boolean negated) implements Predicate {
        @Override
        public String toString() {
            return column + (negated ? " IS NOT NULL" : " IS NULL");
        }
    }

    /** {@code column IN (values)}, or {@code NOT IN} when negated; values are never null. */
    record In(String column, List<Object> values, boolean negated) implements Predicate {
        public In {
            values = List.copyOf(values);
        }

        @Override
        public String toString() {
            return column + (negated ? " NOT IN (" : " IN (")
                    + String.join(", ", values.stream().map(Predicates::render).toList()) + ")";
        }
    }

    record And(List<Predicate> terms) implements Predicate {
        public And {
            terms = List.copyOf(terms);
        }

        @Override
        public String toString() {
            return "(" + String.join(" AND ", terms.stream().map(Object::toString).toList()) + ")";
        }
    }

    record Or(List<Predicate> terms) implements Predicate {
        public Or {
            terms = List.copyOf(terms);
        }

        @Override
        public String toString() {
            return "(" + String.join(" OR ", terms.stream().map(Object::toString).toList()) + ")";
        }
    }

    record Not(Predicate term) implements Predicate {
        @Override
        public String toString() {
            return "NOT " + term;
        }
    }
}
