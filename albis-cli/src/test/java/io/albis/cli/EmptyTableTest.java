package io.albis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.albis.storage.LocalStorage;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A table with a schema and no rows, and filters that select nothing: every command still answers. */
class EmptyTableTest {
    @TempDir
    Path dir;

    @Test
    void everyCommandHandlesATableWithoutRows() throws Exception {
        String t = dir.resolve("empty").toString();
        AlbisWriter.create(LocalStorage.INSTANCE, t, AllTypesTable.schema(), WriterOptions.defaults()).close();

        assertEquals(0, Cli.run("schema", t).exit());
        Cli.Run cat = Cli.run("cat", t);
        assertEquals(0, cat.exit(), cat.toString());
        assertEquals("", cat.out());
        assertEquals(String.join(",", AllTypesTable.LEAVES) + "\r\n", Cli.run("cat", t, "--format", "csv").out());
        Cli.Run inspect = Cli.run("inspect", t);
        assertTrue(inspect.out().contains("0 rows in 0 row groups"), inspect.out());
        Cli.Run verify = Cli.run("verify", t);
        assertEquals(0, verify.exit(), verify.toString());
        JsonNode scan = new ObjectMapper().readTree(Cli.run("scan", t, "--json").out());
        assertEquals(0, scan.get("rows").longValue());
        assertEquals(0, scan.get("logical_bytes").longValue());
        assertTrue(scan.get("goodput_gbps").isNumber(), scan.toString());
    }

    @Test
    void filterThatSelectsNothing() throws Exception {
        String t = AllTypesTable.write(dir, "t");
        assertEquals("", Cli.run("cat", t, "--where", "req = 12345 AND req = 54321").out());
        JsonNode scan = new ObjectMapper().readTree(Cli.run("scan", t, "--json", "--where", "i8 > 1000").out());
        assertEquals(0, scan.get("rows").longValue());
        assertEquals("0000000000000000", scan.get("checksum").textValue(), "no rows, no values");
    }
}
