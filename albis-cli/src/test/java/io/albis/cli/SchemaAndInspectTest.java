package io.albis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SchemaAndInspectTest {
    @TempDir
    static Path dir;

    static String table;

    @BeforeAll
    static void writeTable() throws Exception {
        table = AllTypesTable.write(dir, "types");
    }

    @Test
    void schemaIsAnIndentedTree() {
        Cli.Run run = Cli.run("schema", table);
        assertEquals(0, run.exit(), run.toString());
        String out = run.out();
        assertTrue(out.contains("\n  wide: decimal(30,5) (nullable)\n"), out);
        assertTrue(out.contains("\n  st: struct (nullable)\n    x: int (nullable)\n    inner: struct (nullable)\n"
                + "      y: string (nullable)\n      z: double (nullable)\n  req: int (not null)\n"), out);
        assertTrue(out.contains("column groups:\n  default (id 0, 17 columns): b, i8,"), out);
    }

    @Test
    void inspectJsonDescribesEverySegment() throws Exception {
        Cli.Run run = Cli.run("inspect", table, "--json");
        assertEquals(0, run.exit(), run.toString());
        JsonNode n = new ObjectMapper().readTree(run.out());
        AlbisTable t = AlbisTable.open(table);
        assertEquals(t.rowCount(), n.get("rows").longValue());
        assertEquals(t.rowGroups().size(), n.get("row_groups").size());
        long rows = 0;
        for (JsonNode rg : n.get("row_groups")) {
            JsonNode cg = rg.get("column_groups").get(0);
            assertTrue(cg.get("present").booleanValue());
            assertTrue(cg.get("data_bytes").longValue() > 0 && cg.get("meta_bytes").longValue() > 0);
            long expectOffset = -1;
            for (JsonNode s : cg.get("segments")) {
                if (expectOffset >= 0) {
                    assertEquals(expectOffset, s.get("offset").longValue(), "segments tile the data file");
                }
                expectOffset = s.get("offset").longValue() + s.get("length").longValue() + s.get("padding").longValue();
                assertEquals(8, s.get("crc32c").textValue().length());
                assertEquals(17 + 2, s.get("columns").size(), "every slot, struct markers included");
                rows += s.get("rows").longValue();
            }
            assertEquals(cg.get("data_bytes").longValue(), expectOffset);
        }
        assertEquals(t.rowCount(), rows);
        JsonNode first = n.get("row_groups").get(0).get("column_groups").get(0).get("segments").get(0).get("columns");
        JsonNode req = first.get(first.size() - 1);
        assertEquals("req", req.get("column").textValue());
        assertEquals(0, req.get("nulls").intValue());
        assertEquals(1, req.get("min").intValue(), "rows 1..5 come first, then random values");
    }

    @Test
    void inspectTextShowsStatistics() {
        Cli.Run run = Cli.run("inspect", table);
        assertEquals(0, run.exit(), run.toString());
        assertTrue(run.out().contains("row group 0 ("), run.out());
        assertTrue(run.out().contains("crc32c "), run.out());
        assertTrue(run.out().contains("      ts (timestamp): nulls "), run.out());
        Cli.Run brief = Cli.run("inspect", table, "--no-segments");
        assertTrue(!brief.out().contains("crc32c") && brief.out().contains("data "), brief.out());
    }

    /** Inspect names the columns with bloom filters of each column group, and each segment's filter size. */
    @Test
    void inspectShowsTheBloomFilters() throws Exception {
        String bloomed = dir.resolve("bloomed").toString();
        Schema schema = Schema.builder().column("id", DataType.LONG).column("name", DataType.STRING).build();
        WriterOptions options = WriterOptions.defaults().withSegmentSize(4096).withBloomFilterColumns(List.of("name"))
                .withBloomFilterFpp(0.05);
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, bloomed, schema, options)) {
            for (int i = 0; i < 1000; i++) {
                w.setLong(0, i);
                w.setString(1, "name " + i);
                w.nextRow();
            }
        }
        Cli.Run text = Cli.run("inspect", bloomed);
        assertEquals(0, text.exit(), text.toString());
        assertTrue(text.out().matches("(?s).*\\n    bloom filters: name \\(fpp 0\\.05, [0-9,]+ bytes\\)\\n.*"), text.out());
        assertTrue(text.out().matches("(?s).*      name \\(string\\): [^\\n]*, bloom filter [0-9]+ blocks?\\n.*"), text.out());
        assertTrue(!text.out().matches("(?s).*      id \\(long\\): [^\\n]*bloom.*"), text.out());
        assertTrue(Cli.run("inspect", bloomed, "--no-segments").out().contains("bloom filters: name (fpp 0.05"));

        JsonNode cg = new ObjectMapper().readTree(Cli.run("inspect", bloomed, "--json").out()).get("row_groups").get(0)
                .get("column_groups").get(0);
        JsonNode filters = cg.get("bloom_filters");
        assertEquals(1, filters.size());
        assertEquals("name", filters.get(0).get("column").textValue());
        assertEquals(0.05, filters.get(0).get("fpp").doubleValue());
        long blocks = 0;
        for (JsonNode segment : cg.get("segments")) {
            assertTrue(segment.get("columns").get(0).get("bloom_filter_blocks") == null, "id has none");
            blocks += segment.get("columns").get(1).get("bloom_filter_blocks").longValue();
        }
        assertEquals(cg.get("segments").size() * 4L + blocks * 32, filters.get(0).get("bytes").longValue(),
                "a block count and the blocks of each segment's filter");
        assertTrue(new ObjectMapper().readTree(Cli.run("inspect", table, "--json").out()).get("row_groups").get(0)
                .get("column_groups").get(0).get("bloom_filters") == null, "a group without bloom filters lists none");
    }
}
