package io.albis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** cat, schema and inspect on lists, maps and timestamps without time zone. */
class NestedColumnsCliTest {
    @TempDir
    static Path dir;

    static String table;

    @BeforeAll
    static void writeTable() throws Exception {
        table = dir.resolve("nested").toString();
        Schema schema = Schema.builder().column("id", DataType.INT, false)
                .column("tags", DataType.list(DataType.INT, true))
                .column("attrs", DataType.map(DataType.DATE, DataType.list(DataType.struct(
                        Field.required("k", DataType.STRING), Field.of("amount", DataType.decimal(20, 2))), true), true))
                .column("seen", DataType.TIMESTAMP_NTZ).build();
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, table, schema, WriterOptions.defaults())) {
            w.setInt(0, 1);
            w.setList(1, Arrays.asList(3, null, 5));
            Map<Object, Object> attrs = new LinkedHashMap<>();
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("k", "a\"b");
            item.put("amount", new BigDecimal("-1.50"));
            attrs.put(LocalDate.of(2024, 2, 29), List.of(item));
            attrs.put(LocalDate.of(1970, 1, 1), null);
            w.setMap(2, attrs);
            w.setValue(3, LocalDateTime.parse("2024-02-29T12:34:56.000001"));
            w.nextRow();
            w.setInt(0, 2);
            w.setList(1, List.of());
            w.nextRow();
        }
    }

    @Test
    void catPrintsListsAsArraysAndMapsAsObjects() throws Exception {
        Cli.Run run = Cli.run("cat", table);
        assertEquals(0, run.exit(), run.toString());
        String[] lines = run.out().split("\n");
        assertEquals(2, lines.length);
        JsonNode first = new ObjectMapper().readTree(lines[0]);
        assertEquals("[3,null,5]", first.get("tags").toString());
        assertEquals("{\"2024-02-29\":[{\"k\":\"a\\\"b\",\"amount\":\"-1.50\"}],\"1970-01-01\":null}",
                first.get("attrs").toString());
        assertEquals("2024-02-29T12:34:56.000001", first.get("seen").asText(), "no zone on a timestamp without one");
        JsonNode second = new ObjectMapper().readTree(lines[1]);
        assertEquals("[]", second.get("tags").toString());
        assertTrue(second.get("attrs").isNull());
    }

    @Test
    void csvRefusesListsAndMapsNamingTheColumn() {
        Cli.Run run = Cli.run("cat", table, "--format", "csv");
        assertEquals(1, run.exit(), run.toString());
        assertTrue(run.err().contains("column 'tags' is a list<int>, which CSV has no form for"), run.err());
        assertEquals(1, run.err().strip().lines().count(), "one line: " + run.err());
        Cli.Run projected = Cli.run("cat", table, "--format", "csv", "--columns", "id,seen");
        assertEquals(0, projected.exit(), projected.toString());
        assertEquals("id,seen\r\n1,2024-02-29T12:34:56.000001\r\n2,\r\n", projected.out());
    }

    @Test
    void schemaAndInspectNameTheNestedTypes() {
        Cli.Run schema = Cli.run("schema", table);
        assertEquals(0, schema.exit(), schema.toString());
        assertTrue(schema.out().contains("tags: list<int>"), schema.out());
        assertTrue(schema.out().contains("attrs: map<date, list<struct<k: string not null, amount: decimal(20,2)>>>"),
                schema.out());
        assertTrue(schema.out().contains("seen: timestamp_ntz"), schema.out());
        Cli.Run inspect = Cli.run("inspect", table);
        assertEquals(0, inspect.exit(), inspect.toString());
        assertTrue(inspect.out().contains("tags"), inspect.out());
    }
}
