package io.albis.filter;

import static io.albis.filter.Predicates.and;
import static io.albis.filter.Predicates.eq;
import static io.albis.filter.Predicates.ge;
import static io.albis.filter.Predicates.gt;
import static io.albis.filter.Predicates.in;
import static io.albis.filter.Predicates.isNotNull;
import static io.albis.filter.Predicates.isNull;
import static io.albis.filter.Predicates.le;
import static io.albis.filter.Predicates.lt;
import static io.albis.filter.Predicates.ne;
import static io.albis.filter.Predicates.not;
import static io.albis.filter.Predicates.or;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.error.InvalidOptionException;
import io.albis.filter.Predicate.Compare;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PredicateParserTest {

    private static Predicate p(String s) {
        return PredicateParser.parse(s);
    }

    private static Object literalOf(String s) {
        return assertInstanceOf(Compare.class, p(s)).literal();
    }

    @Test
    void comparisonOperators() {
        assertEquals(eq("a", 1L), p("a = 1"));
        assertEquals(eq("a", 1L), p("a == 1"));
        assertEquals(ne("a", 1L), p("a != 1"));
        assertEquals(ne("a", 1L), p("a <> 1"));
        assertEquals(lt("a", 1L), p("a < 1"));
        assertEquals(le("a", 1L), p("a <= 1"));
        assertEquals(gt("a", 1L), p("a > 1"));
        assertEquals(ge("a", 1L), p("a >= 1"));
        assertEquals(ge("a", 1L), p("a>=1"), "no spaces needed");
    }

    @Test
    void literalOnTheLeftFlipsTheOperator() {
        assertEquals(gt("a", 5L), p("5 < a"));
        assertEquals(ge("a", 5L), p("5 <= a"));
        assertEquals(lt("a", 5L), p("5 > a"));
        assertEquals(le("a", 5L), p("5 >= a"));
        assertEquals(eq("a", 5L), p("5 = a"));
        assertEquals(ne("a", 5L), p("5 <> a"));
        assertEquals(eq("d", LocalDate.of(2020, 1, 2)), p("DATE '2020-01-02' = d"));
    }

    @Test
    void integerLiterals() {
        assertEquals(42L, literalOf("a = 42"));
        assertEquals(-42L, literalOf("a = -42"));
        assertEquals(42L, literalOf("a = +42"));
        assertEquals(Long.MAX_VALUE, literalOf("a = 9223372036854775807"));
        assertEquals(Long.MIN_VALUE, literalOf("a = -9223372036854775808"));
        assertEquals(new BigInteger("9223372036854775808"), literalOf("a = 9223372036854775808"));
        assertEquals(new BigInteger("-99999999999999999999999"), literalOf("a = -99999999999999999999999"));
    }

    @Test
    void decimalAndFloatLiterals() {
        assertEquals(new BigDecimal("1.25"), literalOf("a = 1.25"));
        assertEquals(new BigDecimal("-0.5"), literalOf("a = -0.5"));
        assertEquals(new BigDecimal(".5"), literalOf("a = .5"));
        assertEquals(new BigDecimal("3."), literalOf("a = 3."));
        assertEquals(1e3, literalOf("a = 1e3"));
        assertEquals(-2.5e-3, literalOf("a = -2.5E-3"));
        assertEquals(1.5e10, literalOf("a = 1.5e+10"));
    }

    @Test
    void stringLiterals() {
        assertEquals("hello world", literalOf("a = 'hello world'"));
        assertEquals("it's", literalOf("a = 'it''s'"));
        assertEquals("", literalOf("a = ''"));
        assertEquals("grüße ☃ AND OR", literalOf("a = 'grüße ☃ AND OR'"));
        assertEquals("''", literalOf("a = ''''''"));
    }

    @Test
    void booleanDateAndTimestampLiterals() {
        assertEquals(Boolean.TRUE, literalOf("a = TRUE"));
        assertEquals(Boolean.FALSE, literalOf("a = false"));
        assertEquals(LocalDate.of(1999, 12, 31), literalOf("a = DATE '1999-12-31'"));
        assertEquals(LocalDate.of(1999, 12, 31), literalOf("a = date '1999-12-31'"));
        assertEquals(Instant.parse("2020-01-02T03:04:05.000006Z"), literalOf("a = TIMESTAMP '2020-01-02T03:04:05.000006Z'"));
        assertEquals(Instant.parse("2020-01-02T03:04:05Z"), literalOf("a = TIMESTAMP '2020-01-02T03:04:05'"),
                "no zone means UTC");
        assertEquals(Instant.parse("2020-01-02T03:04:05Z"), literalOf("a = timestamp '2020-01-02 03:04:05'"));
        assertEquals(Instant.parse("2020-01-02T01:04:05Z"), literalOf("a = TIMESTAMP '2020-01-02T03:04:05+02:00'"));
        assertEquals(Instant.parse("2020-01-02T00:00:00Z"), literalOf("a = TIMESTAMP '2020-01-02'"));
    }

    @Test
    void nullChecks() {
        assertEquals(isNull("a"), p("a IS NULL"));
        assertEquals(isNotNull("a"), p("a is not null"));
        assertEquals(isNotNull("s.x"), p("s.x IS NOT NULL"));
    }

    @Test
    void inLists() {
        assertEquals(in("a", 1L, 2L, 3L), p("a IN (1, 2, 3)"));
        assertEquals(in("a", "x"), p("a in ('x')"));
        assertEquals(not(in("a", 1L, new BigDecimal("2.5"))), p("a NOT IN (1, 2.5)"));
        assertEquals(in("d", LocalDate.of(2020, 1, 1), LocalDate.of(2020, 1, 2)),
                p("d IN (DATE '2020-01-01', DATE '2020-01-02')"));
    }

    @Test
    void between() {
        assertEquals(and(ge("a", 1L), le("a", 5L)), p("a BETWEEN 1 AND 5"));
        assertEquals(not(and(ge("a", 1L), le("a", 5L))), p("a NOT BETWEEN 1 AND 5"));
        assertEquals(and(eq("x", 1L), and(ge("a", 1L), le("a", 5L)), eq("y", 2L)),
                p("x = 1 AND a BETWEEN 1 AND 5 AND y = 2"), "the AND of BETWEEN binds to BETWEEN");
    }

    @Test
    void precedenceIsOrBelowAndBelowNot() {
        assertEquals(or(eq("a", 1L), and(eq("b", 2L), eq("c", 3L))), p("a = 1 OR b = 2 AND c = 3"));
        assertEquals(or(and(eq("a", 1L), eq("b", 2L)), eq("c", 3L)), p("a = 1 AND b = 2 OR c = 3"));
        assertEquals(and(not(eq("a", 1L)), eq("b", 2L)), p("NOT a = 1 AND b = 2"));
        assertEquals(not(not(eq("a", 1L))), p("NOT NOT a = 1"));
        assertEquals(or(eq("a", 1L), eq("b", 2L), eq("c", 3L)), p("a = 1 OR b = 2 OR c = 3"), "chains are flat");
    }

    @Test
    void parenthesesOverridePrecedence() {
        assertEquals(and(or(eq("a", 1L), eq("b", 2L)), eq("c", 3L)), p("(a = 1 OR b = 2) AND c = 3"));
        assertEquals(not(or(eq("a", 1L), eq("b", 2L))), p("NOT (a = 1 OR b = 2)"));
        assertEquals(eq("a", 1L), p("((a = 1))"));
    }

    @Test
    void columnNames() {
        assertEquals(eq("a.b.c", 1L), p("a.b.c = 1"));
        assertEquals(eq("weird name", 1L), p("`weird name` = 1"));
        assertEquals(eq("s.weird name", 1L), p("s.`weird name` = 1"));
        assertEquals(eq("we`ird", 1L), p("`we``ird` = 1"));
        assertEquals(eq("and", 1L), p("`and` = 1"), "back-quotes allow keywords");
        assertEquals(eq("date", LocalDate.of(2020, 1, 1)), p("date = DATE '2020-01-01'"),
                "DATE is a column unless a string follows");
        assertEquals(eq("_x1$", 1L), p("_x1$ = 1"));
        assertEquals(eq("ss_sold_date_sk", 2451813L), p("ss_sold_date_sk = 2451813"));
    }

    @Test
    void keywordsAreCaseInsensitive() {
        assertEquals(p("a IS NOT NULL AND b IN (1) OR NOT c BETWEEN 1 AND 2"),
                p("a is Not nuLL and b in (1) or not c between 1 and 2"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "a =|4",                      // nothing after the operator
        "= 1|1",
        "a = 1 b = 2|7",
        "a = 1 AND|10",
        "(a = 1|7",
        "a = 1)|6",
        "a IS 1|6",
        "a IS NOT 1|10",
        "a IN 1|6",
        "a IN (1 2)|9",
        "a IN ()|7",
        "a BETWEEN 1 OR 2|13",
        "a NOT = 1|7",
        "a = b|5",
        "1 = 2|5",
        "a = 'abc|5",
        "`abc = 1|1",
        "a = DATE '2020-13-01'|10",
        "a = TIMESTAMP 'yesterday'|15",
        "a = 1e|5",
        "a = 12abc|7",
        "a # 1|3",
        "a ! 1|3",
        "a = NULL|5",
        "a.|3",
        "a = 1e999|5",
    })
    void syntaxErrorsNameThePosition(String expr, int position) {
        InvalidOptionException e = assertThrows(InvalidOptionException.class, () -> p(expr));
        assertTrue(e.getMessage().contains("at position " + position + ":"), e.getMessage());
        assertTrue(e.getMessage().contains(expr), e.getMessage());
    }

    @Test
    void errorsSayWhatWasExpected() {
        assertTrue(msg("a =").contains("expected a value"), msg("a ="));
        assertTrue(msg("a = 1 AND").contains("found end of input"), msg("a = 1 AND"));
        assertTrue(msg("(a = 1").contains("expected ')'"), msg("(a = 1"));
        assertTrue(msg("a = NULL").contains("use IS NULL"), msg("a = NULL"));
        assertTrue(msg("a = b").contains("comparing two columns is not supported"), msg("a = b"));
        assertTrue(msg("a = 'x").contains("unterminated string"), msg("a = 'x"));
        assertTrue(msg("a IN (NULL)").contains("use IS NULL"), msg("a IN (NULL)"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   "})
    void emptyExpressionIsRefused(String expr) {
        assertThrows(InvalidOptionException.class, () -> p(expr));
    }

    @Test
    void resultRoundTripsThroughToString() {
        Predicate q = p("a = 1 AND (b <> 'x''y' OR c IS NULL) AND NOT d IN (1, 2)");
        assertEquals(List.of("a", "b", "c", "d"), Predicates.columns(q));
        assertEquals(q, p(q.toString()));
    }

    private static String msg(String expr) {
        return assertThrows(InvalidOptionException.class, () -> p(expr)).getMessage();
    }

    @Test
    void nanIsALiteralAndBackQuotesNameAnyColumn() {
        Compare c = assertInstanceOf(Compare.class, PredicateParser.parse("`unit price` = NaN"));
        assertEquals("unit price", c.column());
        assertTrue(Double.isNaN((Double) c.literal()), c.toString());
        assertEquals(PredicateParser.parse("x < nan"), PredicateParser.parse("NAN > x"));
        assertEquals("nan", ((Compare) PredicateParser.parse("`nan` = 1")).column());
        assertEquals("größe-x", ((Compare) PredicateParser.parse("`größe-x` = 1")).column());
    }

    @Test
    void nestingIsBoundedWithOneClearLine() {
        String deepParens = "(".repeat(3000) + "x = 1" + ")".repeat(3000);
        String deepNots = "NOT ".repeat(3000) + "x = 1";
        for (String expr : List.of(deepParens, deepNots)) {
            InvalidOptionException e = assertThrows(InvalidOptionException.class, () -> PredicateParser.parse(expr));
            assertTrue(e.getMessage().contains("nest deeper than " + PredicateParser.MAX_NESTING), e.getMessage());
        }
        int ok = PredicateParser.MAX_NESTING;
        assertEquals(eq("x", 1L), PredicateParser.parse("(".repeat(ok) + "x = 1" + ")".repeat(ok)));
        assertInstanceOf(Predicate.Not.class, PredicateParser.parse("NOT ".repeat(ok) + "x = 1"));
        // A long flat chain is not nesting: it parses to one AND of 5,000 terms.
        String chain = String.join(" AND ", java.util.Collections.nCopies(5000, "x = 1"));
        assertEquals(5000, ((Predicate.And) PredicateParser.parse(chain)).terms().size());
    }
}
