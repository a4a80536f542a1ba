package io.albis.bench.tpcds;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.bench.BenchMain;
import io.albis.bench.format.spark.BenchSpark;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** scripts/tpcds equijoin in miniature: every format writes the same joined rows, and the stages are reported. */
class EquiJoinMiniatureTest {
    private static final String THRESHOLD = "spark.sql.autoBroadcastJoinThreshold";

    @Test
    void everyFormatJoinsToTheSameRowsAndStagesAreReported(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        scala.Option<String> threshold = BenchSpark.session(2).conf().getOption(THRESHOLD);
        PrintStream saved = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        int status;
        try {
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            status = BenchMain.execute("tpcds", "equijoin", "--rows", "3000", "--formats", "albis,parquet-none,orc-zlib",
                    "--warmup", "0", "--repeat", "1", "--data", dir.resolve("data").toString(), "--out", out.toString());
        } finally {
            System.setOut(saved);
        }
        String log = printed.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, log);
        assertTrue(log.contains("every format wrote 3000 rows with the same checksums"), log);
        List<String> csv = Files.readAllLines(out.resolve("equijoin.csv"));
        assertEquals(1 + 3 * EquiJoin.Job.values().length, csv.size(), String.join("\n", csv));
        assertTrue(Files.size(out.resolve("equijoin.png")) > 0);
        // Its sort-merge-only setting ends with it: what else runs in the JVM plans joins as before.
        assertEquals(threshold, SparkSession.active().conf().getOption(THRESHOLD));
    }

    @Test
    void payloadsAreFixedByKeyAndSideAndOneToTwoKiB() {
        for (int key = 0; key < 200; key++) {
            byte[] a = EquiJoin.payload(key, 0);
            assertArrayEquals(a, EquiJoin.payload(key, 0));
            assertFalse(Arrays.equals(a, EquiJoin.payload(key, 1)));
            assertTrue(a.length >= 1024 && a.length <= 2048, "length " + a.length);
        }
    }
}
