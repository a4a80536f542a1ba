package io.albis.bench.tpcds;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.bench.format.spark.BenchSpark;
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
        String log = PrintedRun.of("tpcds", "equijoin", "--rows", "3000", "--formats", "albis,parquet-none,orc-zlib",
                "--warmup", "0", "--repeat", "1", "--data", dir.resolve("data").toString(), "--out", out.toString());
        assertTrue(log.contains("every format wrote 3000 rows with the same checksums"), log);
        List<String> csv = Files.readAllLines(out.resolve("equijoin.csv"));
        assertEquals(1 + 3 * EquiJoin.Job.values().length, csv.size(), String.join("\n", csv));
        assertTrue(Files.size(out.resolve("equijoin.png")) > 0);
        // Its sort-merge join is asked for by a hint, not a setting: what else runs in the JVM plans as before.
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
