package io.albis.filter;

import io.albis.error.InvalidOptionException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Parses a filter written as text (the {@code --where} of the tools) into a {@link Predicate}.
 *
 * <pre>
 * expr       := and (OR and)*
 * and        := not (AND not)*
 * not        := NOT not | '(' expr ')' | condition
 * condition  := column IS [NOT] NULL
 *             | column [NOT] IN '(' literal (',' literal)* ')'
 *             | column [NOT] BETWEEN literal AND literal
 *             | column op literal | literal op column
 * op         := = | == | != | &lt;&gt; | &lt; | &lt;= | &gt; | &gt;=
 * column     := part ('.' part)*      part := identifier | `back-quoted` (`` for a back-quote)
 * literal    := integer (Long, or BigInteger when too large) | decimal 1.25 (BigDecimal)
 *             | float 1e3 (Double) | NAN (Double.NaN) | 'string' ('' for a quote) | TRUE | FALSE
 *             | DATE 'yyyy-mm-dd' (LocalDate) | TIMESTAMP 'yyyy-mm-ddThh:mm:ss[.f][Z|+hh:mm]' (Instant, UTC
 *               when no zone is given; a space may replace the T)
 * </pre>
 * Keywords are case-insensitive; a column named like a keyword or a literal (TRUE, NAN) or with
 * characters outside {@code [A-Za-z0-9_]} is written back-quoted. NOTs and parentheses nest at
 * most {@value #MAX_NESTING} deep, so no filter a user writes can overflow the parser's stack.
 * Errors are {@link InvalidOptionException}s naming the 1-based character position and what was
 * expected there.
 */
public final class PredicateParser {

    private enum Kind { IDENT, QUOTED_IDENT, STRING, NUMBER, OP, LPAREN, RPAREN, COMMA, DOT, END }

    /** One token; {@code pos} is its 0-based start in the expression. */
    private record Token(Kind kind, String text, int pos) {
        boolean isKeyword(String keyword) {
            return kind == Kind.IDENT && text.equalsIgnoreCase(keyword);
        }

        String describe() {
            return switch (kind) {
                case END -> "end of input";
                case STRING -> "string '" + text.replace("'", "''") + "'";
                case QUOTED_IDENT -> "`" + text.replace("`", "``") + "`";
                default -> "'" + text + "'";
            };
        }
    }

    private static final List<String> RESERVED = List.of("AND", "OR", "NOT", "IS", "NULL", "IN", "BETWEEN");

    /** Deepest nesting of NOTs and parentheses accepted (the parser and the predicate tree recurse by it). */
    public static final int MAX_NESTING = 200;

    private final String expr;
    private final List<Token> tokens;
    private int next;
    private int nesting;

    private PredicateParser(String expr) {
        this.expr = expr;
        this.tokens = new Lexer(expr).tokens();
    }

    /** Parses {@code expr}; throws {@link InvalidOptionException} on any syntax error. */
    public static Predicate parse(String expr) {
        if (expr == null || expr.isBlank()) {
            throw new InvalidOptionException("the filter expression is empty");
        }
        PredicateParser p = new PredicateParser(expr);
        Predicate result = p.or();
        if (p.peek().kind != Kind.END) {
            throw p.error(p.peek(), "AND, OR or the end of the expression");
        }
        return result;
    }

    // ------------------------------------------------------------------ grammar

    private Predicate or() {
        List<Predicate> terms = new ArrayList<>();
        terms.add(and());
        while (peek().isKeyword("OR")) {
            take();
            terms.add(and());
        }
        return terms.size() == 1 ? terms.get(0) : new Predicate.Or(terms);
    }

    private Predicate and() {
        List<Predicate> terms = new ArrayList<>();
        terms.add(not());
        while (peek().isKeyword("AND")) {
            take();
            terms.add(not());
        }
        return terms.size() == 1 ? terms.get(0) : new Predicate.And(terms);
    }

    private Predicate not() {
        Token t = peek();
        if (!t.isKeyword("NOT") && t.kind != Kind.LPAREN) {
            return condition();
        }
        if (++nesting > MAX_NESTING) {
            throw error(expr, t.pos, "NOTs and parentheses nest deeper than " + MAX_NESTING + " levels here");
        }
        take();
        Predicate result;
        if (t.isKeyword("NOT")) {
            result = Predicates.not(not());
        } else {
            result = or();
            expect(Kind.RPAREN, "')' to close the '(' at position " + (t.pos + 1));
        }
        nesting--;
        return result;
    }

    private Predicate condition() {
        Token start = peek();
        if (startsLiteral()) {
            Object literal = literal();
            Predicate.Op op = operator("a comparison operator (=, !=, <>, <, <=, >, >=) after the value");
            String column = column("a column name after the operator (a condition compares a column with a value)");
            return Predicates.compare(column, op.flip(), literal);
        }
        if (!startsColumn()) {
            throw error(start, "a column name, a value, NOT or '('");
        }
        String column = column("a column name");
        Token t = peek();
        if (t.isKeyword("IS")) {
            take();
            boolean negated = false;
            if (peek().isKeyword("NOT")) {
                take();
                negated = true;
            }
            expectKeyword("NULL", "NULL after IS" + (negated ? " NOT" : ""));
            return negated ? Predicates.isNotNull(column) : Predicates.isNull(column);
        }
        boolean negated = false;
        if (t.isKeyword("NOT")) {
            take();
            negated = true;
            t = peek();
            if (!t.isKeyword("IN") && !t.isKeyword("BETWEEN")) {
                throw error(t, "IN or BETWEEN after NOT");
            }
        }
        if (t.isKeyword("IN")) {
            take();
            Predicate in = in(column);
            return negated ? Predicates.not(in) : in;
        }
        if (t.isKeyword("BETWEEN")) {
            take();
            Object low = literal();
            expectKeyword("AND", "AND between the two bounds of BETWEEN");
            Object high = literal();
            Predicate between = Predicates.and(Predicates.ge(column, low), Predicates.le(column, high));
            return negated ? Predicates.not(between) : between;
        }
        Predicate.Op op = operator("a comparison operator (=, !=, <>, <, <=, >, >=), IS, IN or BETWEEN after column "
                + column);
        if (startsColumn() && !startsLiteral()) {
            throw error(peek(), "a value after the operator (comparing two columns is not supported)");
        }
        return Predicates.compare(column, op, literal());
    }

    private Predicate in(String column) {
        expect(Kind.LPAREN, "'(' to open the IN list");
        List<Object> values = new ArrayList<>();
        values.add(literal());
        while (peek().kind == Kind.COMMA) {
            take();
            values.add(literal());
        }
        expect(Kind.RPAREN, "',' or ')' in the IN list");
        return Predicates.in(column, values);
    }

    private Predicate.Op operator(String expected) {
        Token t = peek();
        if (t.kind != Kind.OP) {
            throw error(t, expected);
        }
        take();
        return switch (t.text) {
            case "=", "==" -> Predicate.Op.EQ;
            case "!=", "<>" -> Predicate.Op.NE;
            case "<" -> Predicate.Op.LT;
            case "<=" -> Predicate.Op.LE;
            case ">" -> Predicate.Op.GT;
            case ">=" -> Predicate.Op.GE;
            default -> throw new IllegalStateException("lexer produced operator " + t.text);
        };
    }

    private boolean startsColumn() {
        Token t = peek();
        return t.kind == Kind.QUOTED_IDENT || (t.kind == Kind.IDENT && !isReserved(t.text));
    }

    private static boolean isReserved(String word) {
        return RESERVED.contains(word.toUpperCase(Locale.ROOT));
    }

    /** A literal starts here: a number, a string, TRUE/FALSE, or DATE/TIMESTAMP followed by a string. */
    private boolean startsLiteral() {
        Token t = peek();
        if (t.kind == Kind.NUMBER || t.kind == Kind.STRING || t.isKeyword("TRUE") || t.isKeyword("FALSE")
                || t.isKeyword("NAN") || t.isKeyword("NULL")) {
            return true;
        }
        return (t.isKeyword("DATE") || t.isKeyword("TIMESTAMP")) && peekAfter().kind == Kind.STRING;
    }

    private String column(String expected) {
        Token t = peek();
        if (!startsColumn()) {
            throw error(t, expected);
        }
        StringBuilder name = new StringBuilder(take().text);
        while (peek().kind == Kind.DOT) {
            take();
            Token part = peek();
            if (part.kind != Kind.IDENT && part.kind != Kind.QUOTED_IDENT) {
                throw error(part, "a name after '.' in column " + name);
            }
            name.append('.').append(take().text);
        }
        return name.toString();
    }

    private Object literal() {
        Token t = peek();
        switch (t.kind) {
            case NUMBER -> {
                take();
                return number(t);
            }
            case STRING -> {
                take();
                return t.text;
            }
            case IDENT -> {
                String word = t.text.toUpperCase(Locale.ROOT);
                if (word.equals("TRUE") || word.equals("FALSE")) {
                    take();
                    return word.equals("TRUE");
                }
                if (word.equals("NAN")) {
                    take();
                    return Double.NaN;
                }
                if (word.equals("NULL")) {
                    throw error(t, "a value; comparing with NULL is never true, use IS NULL or IS NOT NULL");
                }
                if ((word.equals("DATE") || word.equals("TIMESTAMP")) && peekAfter().kind == Kind.STRING) {
                    take();
                    Token s = take();
                    return word.equals("DATE") ? date(s) : timestamp(s);
                }
            }
            default -> { }
        }
        throw error(t, "a value (a number, NAN, 'string', TRUE, FALSE, DATE 'yyyy-mm-dd' or TIMESTAMP '...')");
    }

    private Object number(Token t) {
        String s = t.text;
        try {
            if (s.indexOf('e') >= 0 || s.indexOf('E') >= 0) {
                double d = Double.parseDouble(s);
                if (Double.isInfinite(d)) {
                    throw error(t, "a floating-point number within double range");
                }
                return d;
            }
            if (s.indexOf('.') >= 0) {
                return new BigDecimal(s);
            }
            BigInteger i = new BigInteger(s);
            return i.bitLength() < 64 ? (Object) i.longValue() : i;
        } catch (NumberFormatException e) {
            throw error(t, "a number");
        }
    }

    private LocalDate date(Token s) {
        try {
            return LocalDate.parse(s.text);
        } catch (DateTimeParseException e) {
            throw error(s, "a date as 'yyyy-mm-dd'");
        }
    }

    private Instant timestamp(Token s) {
        String text = s.text.trim();
        if (text.length() > 10 && text.charAt(10) == ' ') {
            text = text.substring(0, 10) + 'T' + text.substring(11);
        }
        try {
            return OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException withZone) {
            try {
                return LocalDateTime.parse(text).toInstant(ZoneOffset.UTC);
            } catch (DateTimeParseException noZone) {
                try {
                    return LocalDate.parse(text).atStartOfDay().toInstant(ZoneOffset.UTC);
                } catch (DateTimeParseException dateOnly) {
                    throw error(s, "a timestamp as 'yyyy-mm-ddThh:mm:ss[.ffffff][Z or +hh:mm]'");
                }
            }
        }
    }

    // ------------------------------------------------------------------ tokens

    private Token peek() {
        return tokens.get(next);
    }

    private Token peekAfter() {
        return tokens.get(Math.min(next + 1, tokens.size() - 1));
    }

    private Token take() {
        Token t = tokens.get(next);
        if (t.kind != Kind.END) {
            next++;
        }
        return t;
    }

    private void expect(Kind kind, String expected) {
        if (peek().kind != kind) {
            throw error(peek(), expected);
        }
        take();
    }

    private void expectKeyword(String keyword, String expected) {
        if (!peek().isKeyword(keyword)) {
            throw error(peek(), expected);
        }
        take();
    }

    private InvalidOptionException error(Token at, String expected) {
        return error(expr, at.pos, "expected " + expected + ", found " + at.describe());
    }

    private static InvalidOptionException error(String expr, int pos, String what) {
        return new InvalidOptionException("cannot parse filter \"" + expr + "\" at position " + (pos + 1) + ": " + what);
    }

    /** Splits the expression into tokens; the list always ends with an END token. */
    private static final class Lexer {
        private final String s;
        private int i;

        Lexer(String s) {
            this.s = s;
        }

        List<Token> tokens() {
            List<Token> out = new ArrayList<>();
            for (;;) {
                while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                    i++;
                }
                if (i >= s.length()) {
                    out.add(new Token(Kind.END, "", s.length()));
                    return out;
                }
                out.add(token(out));
            }
        }

        private Token token(List<Token> before) {
            int start = i;
            char c = s.charAt(i);
            switch (c) {
                case '(' -> {
                    i++;
                    return new Token(Kind.LPAREN, "(", start);
                }
                case ')' -> {
                    i++;
                    return new Token(Kind.RPAREN, ")", start);
                }
                case ',' -> {
                    i++;
                    return new Token(Kind.COMMA, ",", start);
                }
                case '\'' -> {
                    return new Token(Kind.STRING, quoted('\'', "string"), start);
                }
                case '`' -> {
                    String name = quoted('`', "back-quoted name");
                    if (name.isEmpty()) {
                        throw error(s, start, "a back-quoted column name must not be empty");
                    }
                    return new Token(Kind.QUOTED_IDENT, name, start);
                }
                case '=', '!', '<', '>' -> {
                    return operator(start);
                }
                default -> { }
            }
            // A '.' right after a name separates path parts; otherwise it starts a number like .5
            if (c == '.' && !(startsNumberAt(i) && !afterName(before))) {
                i++;
                return new Token(Kind.DOT, ".", start);
            }
            if (startsNumberAt(i)) {
                return number(start);
            }
            if (Character.isLetter(c) || c == '_') {
                while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_'
                        || s.charAt(i) == '$')) {
                    i++;
                }
                return new Token(Kind.IDENT, s.substring(start, i), start);
            }
            throw error(s, start, "unexpected character '" + c + "'");
        }

        private static boolean afterName(List<Token> before) {
            if (before.isEmpty()) {
                return false;
            }
            Kind k = before.get(before.size() - 1).kind;
            return k == Kind.IDENT || k == Kind.QUOTED_IDENT;
        }

        private boolean startsNumberAt(int at) {
            int k = at;
            if (k < s.length() && (s.charAt(k) == '-' || s.charAt(k) == '+')) {
                k++;
            }
            if (k < s.length() && s.charAt(k) == '.') {
                k++;
            }
            return k < s.length() && isDigit(s.charAt(k));
        }

        private static boolean isDigit(char c) {
            return c >= '0' && c <= '9';
        }

        private Token number(int start) {
            if (s.charAt(i) == '-' || s.charAt(i) == '+') {
                i++;
            }
            while (i < s.length() && isDigit(s.charAt(i))) {
                i++;
            }
            if (i < s.length() && s.charAt(i) == '.') {
                i++;
                while (i < s.length() && isDigit(s.charAt(i))) {
                    i++;
                }
            }
            if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
                i++;
                if (i < s.length() && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
                    i++;
                }
                int digits = i;
                while (i < s.length() && isDigit(s.charAt(i))) {
                    i++;
                }
                if (i == digits) {
                    throw error(s, start, "the exponent of number " + s.substring(start, i) + " has no digits");
                }
            }
            if (i < s.length() && (Character.isLetter(s.charAt(i)) || s.charAt(i) == '_')) {
                throw error(s, i, "unexpected character '" + s.charAt(i) + "' right after number "
                        + s.substring(start, i));
            }
            return new Token(Kind.NUMBER, s.substring(start, i), start);
        }

        private Token operator(int start) {
            char c = s.charAt(i);
            char d = i + 1 < s.length() ? s.charAt(i + 1) : 0;
            String op;
            if (c == '=') {
                op = d == '=' ? "==" : "=";
            } else if (c == '!') {
                if (d != '=') {
                    throw error(s, start, "unexpected character '!' (did you mean != ?)");
                }
                op = "!=";
            } else if (c == '<') {
                op = d == '=' ? "<=" : d == '>' ? "<>" : "<";
            } else {
                op = d == '=' ? ">=" : ">";
            }
            i += op.length();
            return new Token(Kind.OP, op, start);
        }

        /** Reads a quoted run with the quote doubled as escape; returns the unescaped text. */
        private String quoted(char quote, String what) {
            int start = i;
            i++;
            StringBuilder sb = new StringBuilder();
            while (i < s.length()) {
                char c = s.charAt(i++);
                if (c == quote) {
                    if (i < s.length() && s.charAt(i) == quote) {
                        sb.append(quote);
                        i++;
                    } else {
                        return sb.toString();
                    }
                } else {
                    sb.append(c);
                }
            }
            throw error(s, start, "unterminated " + what + " (no closing " + quote + ")");
        }
    }
}
