package io.albis.convert.csv;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.convert.ConvertInputException;
import io.albis.convert.ConvertOptions;
import io.albis.convert.ConvertResult;
import io.albis.convert.Refusals;
import io.albis.error.InvalidOptionException;
import io.albis.error.SchemaMismatchException;
import io.albis.read.AlbisReader;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvToAlbisTest {
    @TempDir
    Path dir;

    private Path csv(String text) throws Exception {
        Path f = dir.resolve("in.csv");
        Files.writeString(f, text, StandardCharsets.UTF_8);
        return f;
    }

    private String out() {
        return dir.resolve("t").toString();
    }

    /** All rows as lists of getValue() results. */
    private List<List<Object>> rows() throws Exception {
        List<List<Object>> rows = new ArrayList<>();
        try (AlbisReader r = AlbisTable.open(out()).newReader()) {
            while (r.advance()) {
                List<Object> row = new ArrayList<>();
                for (int i = 0; i < r.columnCount(); i++) {
                    row.add(r.getValue(i));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    private static Instant ts(String iso) {
        return Instant.parse(iso);
    }

    @Test
    void typesAreInferredFromTheValues() throws Exception {
        Path f = csv("""
                b,i,l,d,dt,ts,s,none,zip,huge,mixed
                true,1,1,1,2024-02-29,2024-02-29,hello,,007,12345678901234567890,1
                FALSE,-2147483648,3000000000,2.5,1969-12-31,2024-02-29T10:15:30Z,,,010,1,x
                ,2147483647,-9223372036854775808,NaN,0001-01-01,2024-02-29 10:15:30.123456+02:00,ünï 😀,,1,2,2.5
                false,0,,-0.0,,2024-02-29T10:15:30.5,"",,,,
                """);
        ConvertResult r = CsvToAlbis.convert(f.toString(), LocalStorage.INSTANCE, out(), ConvertOptions.defaults());
        assertEquals(4, r.rows());
        assertEquals(List.of(Field.of("b", DataType.BOOLEAN), Field.of("i", DataType.INT), Field.of("l", DataType.LONG),
                Field.of("d", DataType.DOUBLE), Field.of("dt", DataType.DATE), Field.of("ts", DataType.TIMESTAMP),
                Field.of("s", DataType.STRING), Field.of("none", DataType.STRING), Field.of("zip", DataType.STRING),
                Field.of("huge", DataType.STRING), Field.of("mixed", DataType.STRING)), r.schema().fields());
        List<List<Object>> rows = rows();
        assertEquals(Arrays.asList(true, 1, 1L, 1.0, LocalDate.of(2024, 2, 29), ts("2024-02-29T00:00:00Z"), "hello",
                null, "007", "12345678901234567890", "1"), rows.get(0));
        assertEquals(Arrays.asList(false, Integer.MIN_VALUE, 3_000_000_000L, 2.5, LocalDate.of(1969, 12, 31),
                ts("2024-02-29T10:15:30Z"), null, null, "010", "1", "x"), rows.get(1));
        assertEquals(Arrays.asList(null, Integer.MAX_VALUE, Long.MIN_VALUE, Double.NaN, LocalDate.of(1, 1, 1),
                ts("2024-02-29T08:15:30.123456Z"), "ünï 😀", null, "1", "2", "2.5"), rows.get(2));
        // A quoted empty field is an empty string in a string column.
        assertEquals(Arrays.asList(false, 0, null, -0.0, null, ts("2024-02-29T10:15:30.500Z"), "", null, null, null, null),
                rows.get(3));
    }

    @Test
    void integersTooLargeForADoubleKeepTheColumnAString() throws Exception {
        Path f = csv("a,b\n2.5,1.5\n9007199254740993,2\n");
        ConvertResult r = CsvToAlbis.convert(f.toString(), LocalStorage.INSTANCE, out(), ConvertOptions.defaults());
        assertEquals(DataType.STRING, r.schema().column(0).type());
        assertEquals(DataType.DOUBLE, r.schema().column(1).type());
        assertEquals("9007199254740993", rows().get(1).get(0));
    }

    @Test
    void quotingFollowsRfc4180() throws Exception {
        String text = "\uFEFFname,note,n\r\n"
                + "\"Smith, John\",\"He said \"\"hi\"\"\",1\r\n"
                + "plain,\"two\r\nlines\",2\r\n"
                + "\r\n"
                + "\"\",,3\r\n"
                + "last,\"trailing , comma\",4";
        Path f = csv(text);
        ConvertResult r = CsvToAlbis.convert(f.toString(), LocalStorage.INSTANCE, out(), ConvertOptions.defaults());
        assertEquals("name", r.schema().column(0).name(), "a byte order mark is not part of the first name");
        assertEquals(4, r.rows(), "the blank line is skipped");
        assertEquals(List.of(
                Arrays.asList("Smith, John", "He said \"hi\"", 1),
                Arrays.asList("plain", "two\r\nlines", 2),
                Arrays.asList("", null, 3),
                Arrays.asList("last", "trailing , comma", 4)), rows());
    }

    @Test
    void declaredTypesOverrideInference() throws Exception {
        Path f = csv("zip,price,qty,ratio,day,at,flag,small\n007,12.50,3,0.5,2020-01-01,2020-01-01T00:00:01Z,true,-128\n"
                + "10,-99999.99,,1e3,1900-03-01,1900-03-01,false,127\n");
        ConvertResult r = CsvToAlbis.convert(f.toString(), LocalStorage.INSTANCE, out(), ConvertOptions.defaults(),
                "zip:int, price:decimal(7,2),qty:long,ratio:float,small:byte");
        assertEquals(List.of(Field.of("zip", DataType.INT), Field.of("price", DataType.decimal(7, 2)),
                Field.of("qty", DataType.LONG), Field.of("ratio", DataType.FLOAT), Field.of("day", DataType.DATE),
                Field.of("at", DataType.TIMESTAMP), Field.of("flag", DataType.BOOLEAN), Field.of("small", DataType.BYTE)),
                r.schema().fields());
        assertEquals(List.of(
                Arrays.asList(7, new BigDecimal("12.50"), 3L, 0.5f, LocalDate.of(2020, 1, 1), ts("2020-01-01T00:00:01Z"),
                        true, (byte) -128),
                Arrays.asList(10, new BigDecimal("-99999.99"), null, 1000f, LocalDate.of(1900, 3, 1),
                        ts("1900-03-01T00:00:00Z"), false, (byte) 127)), rows());
    }

    @Test
    void everyColumnDeclaredSkipsInferenceAndStillWorks() throws Exception {
        Path f = csv("a,b\n1,x\n2,\n");
        List<long[]> reports = new ArrayList<>();
        ConvertResult r = CsvToAlbis.convert(f.toString(), LocalStorage.INSTANCE, out(),
                ConvertOptions.defaults().withProgress((d, t) -> reports.add(new long[] {d, t})), "a:short,b:string");
        assertEquals(2, r.rows());
        assertEquals(List.of(Arrays.asList((short) 1, "x"), Arrays.asList((short) 2, null)), rows());
        assertEquals(1, reports.size());
        assertArrayEquals(new long[] {2, 2}, reports.get(0));
    }

    private void convertFails(Path f, String spec, Class<? extends Throwable> type, String... mustMention) {
        Refusals.assertRefused(type, Path.of(out()), () -> CsvToAlbis.convert(f.toString(), LocalStorage.INSTANCE, out(),
                ConvertOptions.defaults(), spec), mustMention);
    }

    @Test
    void badValuesNameLineAndColumn() throws Exception {
        Path f = csv("id,price\n1,2.50\n\"2\",\"multi\nline\"\n");
        convertFails(f, "price:decimal(7,2)", ConvertInputException.class, "in.csv", "line 3", "column 'price'",
                "decimal(7,2)");
        Path g = csv("id,price\n1,2.50\n2,2.505\n");
        convertFails(g, "price:decimal(7,2)", ConvertInputException.class, "line 3", "rounding");
        Path h = csv("id,price\n1,2.50\n2,123456.5\n");
        convertFails(h, "price:decimal(7,2)", ConvertInputException.class, "line 3", "digits before the point");
        Path i = csv("id\n1\n2\nx3\n");
        convertFails(i, "id:int", ConvertInputException.class, "line 4", "column 'id'", "'x3'");
        Path j = csv("small\n127\n128\n");
        convertFails(j, "small:byte", ConvertInputException.class, "line 3", "outside -128..127");
        Path k = csv("d\n1e-999999999\n");
        convertFails(k, "d:decimal(10,2)", ConvertInputException.class, "line 2", "rounding");
        Path l = csv("t\n2024-01-01T00:00:00.0000001Z\n");
        convertFails(l, "t:timestamp", ConvertInputException.class, "line 2", "microsecond");
        Path m = csv("x\n1.5\n0x10\n");
        convertFails(m, "x:double", ConvertInputException.class, "line 3", "not a number");
        Path n = csv("b\ntrue\nyes\n");
        convertFails(n, "b:boolean", ConvertInputException.class, "line 3", "true or false");
    }

    @Test
    void malformedFilesAreNamed() throws Exception {
        convertFails(csv("a,b\n1,2\n3\n"), null, ConvertInputException.class, "line 3", "1 fields", "header has 2");
        convertFails(csv("a,b\n1,\"unterminated\n"), null, ConvertInputException.class, "in.csv", "line 2");
        convertFails(csv("a,b\n\"x\"y,2\n"), null, ConvertInputException.class, "in.csv", "line 2");
        convertFails(csv(""), null, ConvertInputException.class, "in.csv", "empty");
        convertFails(csv("a,a\n1,2\n"), null, ConvertInputException.class, "'a' twice");
        convertFails(csv("a,,c\n1,2,3\n"), null, ConvertInputException.class, "header column 2 has no name");
        Path latin1 = dir.resolve("latin1.csv");
        Files.write(latin1, "a\nK\u00e4se\n".getBytes(StandardCharsets.ISO_8859_1));
        Throwable e = assertThrows(ConvertInputException.class, () -> CsvToAlbis.convert(latin1.toString(), LocalStorage.INSTANCE,
                out(), ConvertOptions.defaults()));
        assertTrue(e.getMessage().contains("latin1.csv") && e.getMessage().contains("UTF-8"), e.getMessage());
        assertThrows(java.nio.file.NoSuchFileException.class, () -> CsvToAlbis.convert(dir.resolve("nope.csv").toString(),
                LocalStorage.INSTANCE, out(), ConvertOptions.defaults()));
    }

    @Test
    void badSchemaSpecsAreRefused() throws Exception {
        Path f = csv("a,b\n1,2\n");
        convertFails(f, "c:int", SchemaMismatchException.class, "'c'", "[a, b]");
        convertFails(f, "a:integer", InvalidOptionException.class, "unknown type 'integer'");
        convertFails(f, "a", InvalidOptionException.class, "name:type");
        convertFails(f, "a:int,a:long", InvalidOptionException.class, "twice");
        convertFails(f, "a:decimal(40,2)", InvalidOptionException.class, "precision");
        convertFails(f, "a:binary", InvalidOptionException.class, "unknown type 'binary'");
    }

    @Test
    void headerOnlyGivesAnEmptyStringTable() throws Exception {
        ConvertResult r = CsvToAlbis.convert(csv("x,y\n").toString(), LocalStorage.INSTANCE, out(), ConvertOptions.defaults());
        assertEquals(0, r.rows());
        assertEquals(List.of(Field.of("x", DataType.STRING), Field.of("y", DataType.STRING)), r.schema().fields());
        assertEquals(0, AlbisTable.open(out()).rowCount());
    }

    @Test
    void oneColumnPerGroupHoldsTheSameRows() throws Exception {
        Path f = csv("a,b,c\n1,x,2024-01-01\n2,,\n3,z,1999-12-31\n");
        CsvToAlbis.convert(f.toString(), LocalStorage.INSTANCE, out(), ConvertOptions.defaults());
        List<List<Object>> rowStore = rows();
        Path other = dir.resolve("cols");
        ConvertResult r = CsvToAlbis.convert(f.toString(), LocalStorage.INSTANCE, other.toString(),
                ConvertOptions.defaults().withColumnPerGroup(true));
        assertEquals(3, r.schema().groups().size());
        Files.walk(Path.of(out())).sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        Files.move(other, Path.of(out()));
        assertEquals(rowStore, rows());
    }
}
