package io.albis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.table.PropertyChange;
import io.albis.table.Retention;
import io.albis.table.WriteMode;
import io.albis.write.AlbisWriter;
import io.albis.write.CommitPlan;
import io.albis.write.PartitionedTaskWriter;
import io.albis.write.WriteJob;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The commands on a partitioned table (format 5.0): cat, verify, inspect, history and repair see all its partitions. */
class PartitionedTableCliTest {
    private static final WriterOptions OPTIONS = WriterOptions.defaults().withRowGroupRows(2);

    @TempDir
    Path dir;

    /** Rows 0..8 in partitions k=0, k=1 and k=2/j=x by id % 3, created with a property. */
    private String table() throws IOException {
        String t = dir.resolve("t").toString();
        Schema schema = Schema.builder().column("id", DataType.INT, false).build();
        WriteJob job = WriteJob.create(LocalStorage.INSTANCE, t, schema, CommitPlan.of(WriteMode.CREATE)
                .withProperties(PropertyChange.setting(Map.of("owner", "cli"))), OPTIONS, Retention.DEFAULT);
        write(job, 0, 9);
        job.commit();
        return t;
    }

    private static String partitionOf(int id) {
        return id % 3 == 2 ? "k=2/j=x" : "k=" + id % 3;
    }

    private static void write(WriteJob job, int from, int to) throws IOException {
        try (PartitionedTaskWriter task = job.newPartitionedTask(0, 0)) {
            for (int id = from; id < to; id++) {
                AlbisWriter w = task.writer(partitionOf(id));
                w.setInt(0, id);
                w.nextRow();
            }
        }
    }

    @Test
    void catVerifyInspectAndHistorySeeEveryPartition() throws Exception {
        String t = table();
        Cli.Run cat = Cli.run("cat", t);
        assertEquals(0, cat.exit(), cat.toString());
        List<Integer> ids = new ArrayList<>();
        for (String line : cat.out().strip().split("\n")) {
            ids.add(new ObjectMapper().readTree(line).get("id").intValue());
        }
        ids.sort(null);
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8), ids);

        Cli.Run verify = Cli.run("verify", t);
        assertEquals(0, verify.exit(), verify.toString());
        assertTrue(verify.out().startsWith("OK: 6 row groups, 9 rows"), verify.out());

        Cli.Run inspect = Cli.run("inspect", t, "--json", "--no-segments");
        assertEquals(0, inspect.exit(), inspect.toString());
        JsonNode n = new ObjectMapper().readTree(inspect.out());
        assertEquals(1, n.get("state_version").intValue());
        assertEquals("cli", n.get("properties").get("owner").textValue());
        List<String> partitions = new ArrayList<>();
        for (JsonNode rg : n.get("row_groups")) {
            partitions.add(rg.get("partition").textValue());
            assertTrue(rg.get("path").textValue().startsWith(dir.resolve("t").resolve(rg.get("partition").textValue())
                    .toString()), rg.toString());
        }
        assertEquals(List.of("k=0", "k=0", "k=1", "k=1", "k=2/j=x", "k=2/j=x"), partitions.stream().sorted().toList());
        Cli.Run text = Cli.run("inspect", t, "--no-segments");
        assertTrue(text.out().contains("state 1, committed by CREATE\nproperties:\n  owner = cli\n"), text.out());
        assertTrue(text.out().contains(" in partition k=2/j=x: "), text.out());

        Cli.Run history = Cli.run("history", t, "--states");
        assertEquals(0, history.exit(), history.toString());
        assertTrue(history.out().matches("state 1  \\S+Z  CREATE: 9 rows in 6 row groups, schema version 1\n"),
                history.out());
    }

    @Test
    void repairRemovesReplacedRowGroupsFromPartitionDirectoriesAndEmptyOnesWithRetentionZero() throws Exception {
        String t = table();
        WriteJob replace = WriteJob.begin(LocalStorage.INSTANCE, t, CommitPlan.overwritePartitions(List.of("k=2/j=x")),
                OPTIONS, Retention.DEFAULT);
        write(replace, 0, 0);
        replace.commit();
        assertTrue(Files.exists(dir.resolve("t/k=2/j=x")), "kept for the snapshot retention");
        Cli.Run repair = Cli.run("repair", t, "--retention", "0");
        assertEquals(0, repair.exit(), repair.toString());
        assertTrue(repair.out().contains("removed k=2/j=x/rg-"), repair.out());
        assertTrue(repair.out().contains("removed k=2/j=x/\n") && repair.out().contains("removed k=2/\n"),
                repair.out());
        assertFalse(Files.exists(dir.resolve("t/k=2")));
        Cli.Run verify = Cli.run("verify", t);
        assertTrue(verify.out().startsWith("OK: 4 row groups, 6 rows"), verify.out());
    }
}
