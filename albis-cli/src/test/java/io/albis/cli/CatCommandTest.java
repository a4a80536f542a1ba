package io.albis.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.albis.cli.AllTypesTable.Row;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CatCommandTest {
    @TempDir
    static Path dir;

    static String table;
    static List<Row> rows;

    @BeforeAll
    static void writeTable() throws Exception {
        table = dir.resolve("types").toString();
        rows = AllTypesTable.rows();
        AllTypesTable.write(table, rows);
    }

    // ------------------------------------------------------------------ expected text, written independently of ValueText

    private static String ts(Instant i) {
        LocalDateTime t = LocalDateTime.ofInstant(i, ZoneOffset.UTC);
        return String.format("%04d-%02d-%02dT%02d:%02d:%02d.%06dZ", t.getYear(), t.getMonthValue(), t.getDayOfMonth(),
                t.getHour(), t.getMinute(), t.getSecond(), t.getNano() / 1000);
    }

    private static String date(LocalDate d) {
        return String.format("%04d-%02d-%02d", d.getYear(), d.getMonthValue(), d.getDayOfMonth());
    }

    private static String dec(BigDecimal v, int scale) {
        return v.setScale(scale).toPlainString();
    }

    @Test
    void jsonLinesHoldEveryValueExactly() throws Exception {
        Cli.Run run = Cli.run("cat", table);
        assertEquals(0, run.exit(), run.toString());
        assertTrue(run.out().endsWith("\n"));
        String[] lines = run.out().split("\n", -1);
        assertEquals(rows.size() + 1, lines.length, "one line per row plus the final newline");
        ObjectMapper mapper = new ObjectMapper();
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            JsonNode n = mapper.readTree(lines[i]);
            String where = "row " + i + ": " + lines[i];
            assertEquals(List.of("b", "i8", "i16", "i32", "i64", "f32", "f64", "dec", "wide", "d", "ts", "s", "bin", "st", "req"),
                    fieldNames(n), where);
            checkBoolean(r.b(), n.get("b"), where);
            checkIntegral(r.i8(), n.get("i8"), where);
            checkIntegral(r.i16(), n.get("i16"), where);
            checkIntegral(r.i32(), n.get("i32"), where);
            checkIntegral(r.i64(), n.get("i64"), where);
            checkFloat(r.f32(), n.get("f32"), where);
            checkDouble(r.f64(), n.get("f64"), where);
            checkText(r.dec() == null ? null : dec(r.dec(), 3), n.get("dec"), where);
            checkText(r.wide() == null ? null : dec(r.wide(), 5), n.get("wide"), where);
            checkText(r.d() == null ? null : date(r.d()), n.get("d"), where);
            checkText(r.ts() == null ? null : ts(r.ts()), n.get("ts"), where);
            checkText(r.s(), n.get("s"), where);
            if (r.bin() == null) {
                assertTrue(n.get("bin").isNull(), where);
            } else {
                assertArrayEquals(r.bin(), Base64.getDecoder().decode(n.get("bin").textValue()), where);
            }
            JsonNode st = n.get("st");
            if (r.stNull()) {
                assertTrue(st.isNull(), where);
            } else {
                assertEquals(List.of("x", "inner"), fieldNames(st), where);
                checkIntegral(r.x(), st.get("x"), where);
                JsonNode inner = st.get("inner");
                if (r.innerNull()) {
                    assertTrue(inner.isNull(), where);
                } else {
                    checkText(r.y(), inner.get("y"), where);
                    checkDouble(r.z(), inner.get("z"), where);
                }
            }
            checkIntegral(r.req(), n.get("req"), where);
        }
    }

    @Test
    void jsonFormsOfTheFirstRowsAreTheDocumentedOnes() {
        String[] lines = Cli.run("cat", table, "--limit", "3").out().split("\n");
        assertEquals(3, lines.length);
        assertTrue(lines[0].contains("\"ts\":\"2020-01-02T03:04:05.000006Z\""), lines[0]);
        assertTrue(lines[0].contains("\"d\":\"2020-01-02\""), lines[0]);
        assertTrue(lines[0].contains("\"dec\":\"-123456.789\""), lines[0]);
        assertTrue(lines[0].contains("\"wide\":\"1234567890123456789012345.12345\""), lines[0]);
        assertTrue(lines[0].contains("\"f32\":1.1,"), lines[0]);
        assertTrue(lines[0].contains("\"f64\":0.1,"), lines[0]);
        assertTrue(lines[0].contains("\"bin\":\"AAEC/w==\""), lines[0]);
        assertTrue(lines[0].contains("\"z\":\"NaN\""), lines[0]);
        assertTrue(lines[0].contains("\"st\":{\"x\":7,\"inner\":{"), lines[0]);
        assertTrue(lines[1].startsWith("{\"b\":null,\"i8\":null,"), lines[1]);
        assertTrue(lines[1].contains("\"st\":null,"), lines[1]);
        assertTrue(lines[2].contains("\"ts\":\"1969-12-31T23:59:59.999999Z\""), lines[2]);
        assertTrue(lines[2].contains("\"f32\":\"NaN\",\"f64\":\"-Infinity\""), lines[2]);
        assertTrue(lines[2].contains("\"inner\":null"), lines[2]);
    }

    @Test
    void csvHasDottedHeaderAndRoundTripsThroughAParser() throws Exception {
        Cli.Run run = Cli.run("cat", table, "--format", "csv");
        assertEquals(0, run.exit(), run.toString());
        List<CSVRecord> records;
        try (var parser = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get()
                .parse(new StringReader(run.out()))) {
            assertEquals(AllTypesTable.LEAVES, parser.getHeaderNames());
            records = parser.getRecords();
        }
        assertEquals(rows.size(), records.size());
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            CSVRecord c = records.get(i);
            String where = "row " + i + ": " + c;
            assertEquals(r.b() == null ? "" : r.b().toString(), c.get("b"), where);
            assertEquals(r.i8() == null ? "" : r.i8().toString(), c.get("i8"), where);
            assertEquals(r.i16() == null ? "" : r.i16().toString(), c.get("i16"), where);
            assertEquals(r.i32() == null ? "" : r.i32().toString(), c.get("i32"), where);
            assertEquals(r.i64() == null ? "" : r.i64().toString(), c.get("i64"), where);
            if (r.f32() == null) {
                assertEquals("", c.get("f32"), where);
            } else {
                assertEquals(r.f32(), Float.parseFloat(c.get("f32")), where);
            }
            if (r.f64() == null) {
                assertEquals("", c.get("f64"), where);
            } else {
                assertEquals(r.f64(), Double.parseDouble(c.get("f64")), where);
            }
            assertEquals(r.dec() == null ? "" : dec(r.dec(), 3), c.get("dec"), where);
            assertEquals(r.wide() == null ? "" : dec(r.wide(), 5), c.get("wide"), where);
            assertEquals(r.d() == null ? "" : date(r.d()), c.get("d"), where);
            assertEquals(r.ts() == null ? "" : ts(r.ts()), c.get("ts"), where);
            assertEquals(r.s() == null ? "" : r.s(), c.get("s"), where);
            assertArrayEquals(r.bin() == null ? new byte[0] : r.bin(), Base64.getDecoder().decode(c.get("bin")), where);
            boolean innerNull = r.stNull() || r.innerNull();
            assertEquals(r.stNull() || r.x() == null ? "" : r.x().toString(), c.get("st.x"), where);
            assertEquals(innerNull || r.y() == null ? "" : r.y(), c.get("st.inner.y"), where);
            if (innerNull || r.z() == null) {
                assertEquals("", c.get("st.inner.z"), where);
            } else {
                assertEquals(r.z(), Double.parseDouble(c.get("st.inner.z")), where);
            }
            assertEquals(Integer.toString(r.req()), c.get("req"), where);
        }
    }

    @Test
    void columnsWhereAndLimit() throws Exception {
        Cli.Run run = Cli.run("cat", table, "--columns", "req,st,i32", "--where", "req >= 2 AND req <= 4");
        assertEquals(0, run.exit(), run.toString());
        assertEquals("{\"req\":2,\"st\":null,\"i32\":null}\n"
                + "{\"req\":3,\"st\":{\"x\":null,\"inner\":null},\"i32\":2147483647}\n"
                + "{\"req\":4,\"st\":{\"x\":-1,\"inner\":{\"y\":\"日本語\",\"z\":-0.0}},\"i32\":0}\n", run.out());
        Cli.Run csv = Cli.run("cat", table, "--columns", "req,st", "--where", "req BETWEEN 2 AND 4", "--format", "csv");
        assertEquals("req,st.x,st.inner.y,st.inner.z\r\n2,,,\r\n3,,,\r\n4,-1,日本語,-0.0\r\n", csv.out());

        Cli.Run limited = Cli.run("cat", table, "--where", "s IS NOT NULL AND f64 > 0", "--limit", "4", "--format", "csv",
                "--columns", "req");
        List<String> expected = new ArrayList<>();
        expected.add("req");
        for (Row r : rows) {
            if (r.s() != null && r.f64() != null && r.f64() > 0 && expected.size() <= 4) {
                expected.add(Integer.toString(r.req()));
            }
        }
        assertEquals(String.join("\r\n", expected) + "\r\n", limited.out());
        assertEquals("", Cli.run("cat", table, "--limit", "0").out());
    }

    private static List<String> fieldNames(JsonNode n) {
        List<String> names = new ArrayList<>();
        n.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static void checkBoolean(Boolean expected, JsonNode n, String where) {
        checkNode(expected, n, where, JsonNode::isBoolean, JsonNode::booleanValue);
    }

    private static void checkIntegral(Number expected, JsonNode n, String where) {
        checkNode(expected == null ? null : expected.longValue(), n, where, JsonNode::isIntegralNumber,
                JsonNode::longValue);
    }

    private static void checkFloat(Float expected, JsonNode n, String where) {
        checkFloating(expected, n, where, node -> (float) node.doubleValue());
    }

    private static void checkDouble(Double expected, JsonNode n, String where) {
        checkFloating(expected, n, where, JsonNode::doubleValue);
    }

    private static void checkText(String expected, JsonNode n, String where) {
        checkNode(expected, n, where + " expected a JSON string", JsonNode::isTextual, JsonNode::textValue);
    }

    /** NaN and the infinities are JSON strings; every other float or double is a JSON number. */
    private static <T extends Number> void checkFloating(T expected, JsonNode n, String where,
            Function<JsonNode, T> value) {
        if (expected != null && (Double.isNaN(expected.doubleValue()) || Double.isInfinite(expected.doubleValue()))) {
            assertEquals(expected.toString(), n.textValue(), where);
        } else {
            checkNode(expected, n, where, JsonNode::isNumber, value);
        }
    }

    /** JSON null where {@code expected} is null; otherwise a node of the expected {@code kind} holding it. */
    private static <T> void checkNode(T expected, JsonNode n, String where, Predicate<JsonNode> kind,
            Function<JsonNode, T> value) {
        if (expected == null) {
            assertTrue(n.isNull(), where);
        } else {
            assertTrue(kind.test(n), where);
            assertEquals(expected, value.apply(n), where);
        }
    }
}
