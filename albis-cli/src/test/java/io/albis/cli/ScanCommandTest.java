package io.albis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.albis.filter.PredicateParser;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.scan.ScanVersusRaw;
import io.albis.scan.ValueChecksum;
import io.albis.schema.Column;
import io.albis.schema.DataType;
import io.albis.table.AlbisTable;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScanCommandTest {
    @TempDir
    static Path dir;

    static String table;

    @BeforeAll
    static void writeTable() throws Exception {
        table = dir.resolve("types").toString();
        AllTypesTable.write(table, AllTypesTable.rows());
    }

    /** Rows, logical bytes and checksum computed value by value through the row API, by LogicalBytes' and ValueChecksum's rules. */
    record Expected(long rows, long logicalBytes, String checksum) {}

    static Expected expected(ReadOptions options) throws Exception {
        long rows = 0;
        long bytes = 0;
        long sum = 0;
        try (AlbisReader r = AlbisTable.open(table).newReader(options)) {
            while (r.advance()) {
                rows++;
                for (int i = 0; i < r.columnCount(); i++) {
                    Column c = r.column(i);
                    if (c.isStructMarker()) {
                        continue;
                    }
                    if (r.isNull(i)) {
                        sum += ValueChecksum.NULL_WEIGHT;
                        continue;
                    }
                    DataType t = c.type();
                    switch (t.id()) {
                        case BOOLEAN -> {
                            sum += r.getBoolean(i) ? 1 : 0;
                            bytes += 1;
                        }
                        case BYTE -> {
                            sum += r.getByte(i);
                            bytes += 1;
                        }
                        case SHORT -> {
                            sum += r.getShort(i);
                            bytes += 2;
                        }
                        case INT -> {
                            sum += r.getInt(i);
                            bytes += 4;
                        }
                        case DATE -> {
                            sum += r.getDate(i);
                            bytes += 4;
                        }
                        case FLOAT -> {
                            sum += Float.floatToRawIntBits(r.getFloat(i));
                            bytes += 4;
                        }
                        case LONG -> {
                            sum += r.getLong(i);
                            bytes += 8;
                        }
                        case TIMESTAMP -> {
                            sum += r.getTimestampMicros(i);
                            bytes += 8;
                        }
                        case DOUBLE -> {
                            sum += Double.doubleToRawLongBits(r.getDouble(i));
                            bytes += 8;
                        }
                        case DECIMAL -> {
                            BigInteger unscaled = r.getDecimal(i).unscaledValue();
                            if (t.isWideDecimal()) {
                                sum += unscaled.longValue() + unscaled.shiftRight(64).longValue();
                                bytes += 16;
                            } else {
                                sum += unscaled.longValueExact();
                                bytes += 8;
                            }
                        }
                        case STRING -> {
                            byte[] b = r.getString(i).getBytes(StandardCharsets.UTF_8);
                            sum += ValueChecksum.ofBytes(b, 0, b.length);
                            bytes += b.length;
                        }
                        case BINARY -> {
                            byte[] b = r.getBinary(i);
                            sum += ValueChecksum.ofBytes(b, 0, b.length);
                            bytes += b.length;
                        }
                        case STRUCT -> throw new IllegalStateException("struct markers are skipped above");
                    }
                }
            }
        }
        return new Expected(rows, bytes, String.format("%016x", sum));
    }

    private static JsonNode scanJson(String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("scan", table, "--json"));
        args.addAll(List.of(extra));
        Cli.Run run = Cli.run(args.toArray(new String[0]));
        assertEquals(0, run.exit(), run.toString());
        assertEquals("", run.err());
        String out = run.out().strip();
        assertFalse(out.contains("\n"), "exactly one JSON object on one line: " + out);
        return new ObjectMapper().readTree(out);
    }

    @Test
    void jsonHasTheDocumentedKeysAndTheIndependentChecksum() throws Exception {
        JsonNode n = scanJson();
        for (String key : List.of("rows", "logical_bytes", "seconds", "goodput_gbps", "raw_gbps", "ratio_to_raw", "checksum",
                "raw_seconds", "threads", "repeat", "file_bytes", "warmup", "warmup_settled", "spread", "raw_spread")) {
            assertTrue(n.has(key), "missing key " + key + " in " + n);
        }
        for (String key : List.of("seconds", "goodput_gbps", "raw_gbps", "ratio_to_raw")) {
            assertTrue(n.get(key).isNumber(), key + " is a number in " + n);
        }
        Expected e = expected(ReadOptions.all());
        assertEquals(AllTypesTable.rows().size(), e.rows());
        assertEquals(e.rows(), n.get("rows").longValue());
        assertEquals(e.logicalBytes(), n.get("logical_bytes").longValue());
        assertEquals(e.checksum(), n.get("checksum").textValue());
        assertEquals(1, n.get("threads").intValue());
        // The defaults: warm up until the times settle (3 rounds at least), then the median of 5.
        assertEquals(5, n.get("repeat").intValue());
        int warmup = n.get("warmup").intValue();
        assertTrue(warmup >= ScanVersusRaw.Warmup.WINDOW && warmup <= ScanVersusRaw.Warmup.MAX_ROUNDS, n.toString());
        assertTrue(n.get("warmup_settled").isBoolean(), n.toString());
    }

    @Test
    void aWarmupThatIsNeitherAutoNorACountIsRefused() {
        for (String bad : List.of("-1", "some", "")) {
            Cli.Run run = Cli.run("scan", table, "--warmup", bad);
            assertEquals(2, run.exit(), run.toString());
            assertTrue(run.err().contains("--warmup must be 'auto' or a number"), run.err());
        }
    }

    @Test
    void projectionFilterThreadsAndRepeatsAgreeWithTheRowApi() throws Exception {
        String where = "i32 > 0 OR s IS NULL";
        JsonNode n = scanJson("--columns", "s,wide,st,f32", "--where", where, "--threads", "2", "--repeat", "3", "--warmup",
                "1", "--no-verify");
        Expected e = expected(ReadOptions.all().withColumns("s", "wide", "st", "f32").withFilter(PredicateParser.parse(where)));
        assertTrue(e.rows() > 0 && e.rows() < AllTypesTable.rows().size(), "the filter selects some rows: " + e);
        assertEquals(e.rows(), n.get("rows").longValue());
        assertEquals(e.logicalBytes(), n.get("logical_bytes").longValue());
        assertEquals(e.checksum(), n.get("checksum").textValue());
        assertEquals(2, n.get("threads").intValue());
        assertEquals(3, n.get("repeat").intValue());
    }

    @Test
    void textReportNamesEveryFigure() throws Exception {
        Cli.Run run = Cli.run("scan", table, "--repeat", "2");
        assertEquals(0, run.exit(), run.toString());
        Expected e = expected(ReadOptions.all());
        for (String label : List.of("rows", "logical bytes", "warm-up", "scan time", "spread", "goodput", "raw read",
                "raw goodput", "ratio to raw",
                "checksum       " + e.checksum())) {
            assertTrue(run.out().contains(label), "missing '" + label + "' in\n" + run.out());
        }
        assertTrue(run.out().contains(String.format("%,d", e.rows())), run.out());
    }
}
