package io.albis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.table.AlbisTable;
import io.trino.tpcds.Results;
import io.trino.tpcds.Session;
import io.trino.tpcds.Table;
import io.trino.tpcds.column.Column;
import io.trino.tpcds.column.ColumnType;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Generated tables against counts and values taken straight from the io.trino.tpcds iterator. */
class GenerateTpcdsTest {
    /** The smallest store_sales the library makes: any scale up to 1/48 gives 10,000 tickets. */
    static final double SCALE = 0.01;

    @TempDir
    static Path dir;

    static String storeSales;
    static Cli.Run generated;

    @BeforeAll
    static void generateStoreSales() {
        storeSales = dir.resolve("store_sales").toString();
        generated = Cli.run("generate", "tpcds", "--table", "store_sales", "--scale", Double.toString(SCALE), storeSales);
    }

    private static Iterable<List<List<String>>> library(Table t, double scale) {
        return Results.constructResults(t, Session.getDefaultSession().withScale(scale).withTable(t));
    }

    @Test
    void storeSalesRowsAndLogicalBytesMatchTheGenerator() throws Exception {
        assertEquals(0, generated.exit(), generated.toString());
        long rows = 0;
        long logical = 0;
        Column[] cols = Table.STORE_SALES.getColumns();
        for (List<List<String>> item : library(Table.STORE_SALES, SCALE)) {
            List<String> row = item.get(0);
            rows++;
            for (int c = 0; c < cols.length; c++) {
                if (row.get(c) == null) {
                    continue;
                }
                ColumnType.Base base = cols[c].getType().getBase();
                // Logical bytes (docs/PERFORMANCE.md) with the CLI's mapping: *_sk and INTEGER are ints (4), other ids longs (8), decimals 8.
                logical += base == ColumnType.Base.INTEGER || cols[c].getName().endsWith("_sk") ? 4 : 8;
            }
        }
        assertTrue(generated.out().contains(String.format("%,d rows", rows)), generated.out());
        assertEquals(rows, AlbisTable.open(storeSales).rowCount());

        JsonNode scan = new ObjectMapper().readTree(Cli.run("scan", storeSales, "--json").out());
        assertEquals(rows, scan.get("rows").longValue());
        assertEquals(logical, scan.get("logical_bytes").longValue());
        assertEquals(0, Cli.run("verify", storeSales).exit());
    }

    @Test
    void storeSalesTypesFollowTheMapping() throws Exception {
        Schema s = AlbisTable.open(storeSales).schema();
        assertEquals(23, s.columnCount());
        assertEquals(DataType.INT, s.column(s.columnIndex("ss_sold_date_sk")).type());
        assertEquals(DataType.LONG, s.column(s.columnIndex("ss_ticket_number")).type());
        assertEquals(DataType.INT, s.column(s.columnIndex("ss_quantity")).type());
        assertEquals(DataType.decimal(7, 2), s.column(s.columnIndex("ss_net_profit")).type());
        assertEquals(1, s.groups().size(), "single group by default: a row store");
    }

    @Test
    void everyValueOfItemMatchesTheGenerator() throws Exception {
        String item = dir.resolve("item").toString();
        Cli.Run run = Cli.run("generate", "tpcds", "--table", "item", "--scale", "0.01", item);
        assertEquals(0, run.exit(), run.toString());
        Column[] cols = Table.ITEM.getColumns();
        String[] lines = Cli.run("cat", item).out().split("\n");
        ObjectMapper mapper = new ObjectMapper();
        int i = 0;
        for (List<List<String>> it : library(Table.ITEM, 0.01)) {
            List<String> row = it.get(0);
            JsonNode n = mapper.readTree(lines[i]);
            for (int c = 0; c < cols.length; c++) {
                String expected = row.get(c);
                JsonNode v = n.get(cols[c].getName());
                String where = "item row " + i + " column " + cols[c].getName();
                if (expected == null) {
                    assertTrue(v.isNull(), where);
                    continue;
                }
                switch (cols[c].getType().getBase()) {
                    case INTEGER, IDENTIFIER -> assertEquals(Long.parseLong(expected), v.longValue(), where);
                    case DECIMAL -> assertEquals(0, new BigDecimal(expected).compareTo(new BigDecimal(v.textValue())), where);
                    case DATE -> assertEquals(LocalDate.parse(expected).toString(), v.textValue(), where);
                    default -> assertEquals(expected, v.textValue(), where);
                }
            }
            i++;
        }
        assertEquals(lines.length, i);
    }

    @Test
    void theSeedChoosesTheRowsAndIsNamed() throws Exception {
        String byDefault = dir.resolve("item-default-seed").toString();
        String spark = dir.resolve("item-seed-100").toString();
        assertEquals(0, Cli.run("generate", "tpcds", "--table", "item", "--scale", "0.01", byDefault).exit());
        Cli.Run run = Cli.run("generate", "tpcds", "--table", "item", "--scale", "0.01", "--seed", "100", spark);
        assertEquals(0, run.exit(), run.toString());
        assertTrue(run.out().contains("seed 100"), run.out());
        String[] a = Cli.run("cat", byDefault).out().split("\n");
        String[] b = Cli.run("cat", spark).out().split("\n");
        assertEquals(a.length, b.length, "a seed changes values, not the rows of a dimension table");
        assertNotEquals(a[0], b[0]);
        Cli.Run bad = Cli.run("generate", "tpcds", "--table", "item", "--seed", "-3", dir.resolve("bad").toString());
        assertNotEquals(0, bad.exit());
        assertTrue(bad.err().contains("TPC-DS seed") && bad.err().contains("'-3'"), bad.toString());
    }

    @Test
    void timeColumnsBecomeSecondsOfTheDay() throws Exception {
        String t = dir.resolve("dbgen_version").toString();
        assertEquals(0, Cli.run("generate", "tpcds", "--table", "dbgen_version", "--scale", "1", t).exit());
        List<String> row = library(Table.DBGEN_VERSION, 1).iterator().next().get(0);
        String time = row.get(Table.DBGEN_VERSION.getColumn("dv_create_time").getPosition());
        String[] hms = time.split(":");
        int seconds = Integer.parseInt(hms[0]) * 3600 + Integer.parseInt(hms[1]) * 60 + Integer.parseInt(hms[2]);
        JsonNode n = new ObjectMapper().readTree(Cli.run("cat", t, "--columns", "dv_create_time").out());
        // The generator stamps the current time; allow for the seconds between the two runs.
        assertTrue(Math.abs(n.get("dv_create_time").intValue() - seconds) <= 120 || Math.abs(n.get("dv_create_time").intValue()
                - seconds) >= 86_400 - 120, n + " vs " + time);
    }

    @Test
    void layoutOptionsShapeTheTable() throws Exception {
        String t = dir.resolve("item-layout").toString();
        Cli.Run run = Cli.run("generate", "tpcds", "--table", "item", "--scale", "0.01", "--row-group-rows", "700",
                "--segment-size", "4k", "--column-groups", "keys=i_item_sk,i_item_id;prices=i_current_price,i_wholesale_cost", t);
        assertEquals(0, run.exit(), run.toString());
        AlbisTable table = AlbisTable.open(t);
        assertEquals(List.of("keys", "prices", "rest"), table.schema().groups().stream().map(g -> g.name()).toList());
        assertEquals(3, table.rowGroups().size(), "2000 rows at 700 per row group");
        JsonNode inspect = new ObjectMapper().readTree(Cli.run("inspect", t, "--json").out());
        JsonNode cg = inspect.get("row_groups").get(0).get("column_groups").get(2);
        assertEquals(4096, cg.get("segment_size").intValue());
        assertTrue(cg.get("segments").size() > 1, "4k segments split the rest group");

        String columnStore = dir.resolve("item-columns").toString();
        assertEquals(0, Cli.run("generate", "tpcds", "--table", "item", "--scale", "0.01", "--column-groups", "column",
                columnStore).exit());
        assertEquals(Table.ITEM.getColumns().length, AlbisTable.open(columnStore).schema().groups().size());
        assertEquals(Cli.run("scan", t, "--json").out().replaceAll(".*\"checksum\":\"([0-9a-f]+)\".*", "$1"),
                Cli.run("scan", columnStore, "--json").out().replaceAll(".*\"checksum\":\"([0-9a-f]+)\".*", "$1"),
                "same data, same checksum, whatever the layout");
        assertTrue(Files.isDirectory(Path.of(columnStore)));
    }
}
