package io.albis.spark.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.albis.spark.SparkSessions;
import io.albis.storage.LocalStorage;
import io.albis.testing.RepairChecks;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Kills on a {@code local-cluster[2,1,1024]}: a driver JVM ({@link SqlShellMain}) with the
 * warehouse catalog runs an {@code INSERT OVERWRITE}, an {@code INSERT INTO} and an
 * {@code ALTER TABLE … ADD COLUMNS} on a table of known rows, and an executor JVM or the driver
 * JVM itself is killed (SIGKILL) at a random point of the statement: once it has written a random
 * number of the row groups (or, for the column change, the new column group of a random number of
 * row groups) it writes, from none to all. Afterwards, read from this JVM through the catalog and
 * through core, the table holds exactly the rows and columns of the state before the statement or
 * of the state after it, {@code albis verify}'s checks pass, and {@code albis repair --retention 0}
 * leaves nothing but that state, which takes the next change. An executor kill must let the
 * statement finish (Spark runs the lost tasks again) or fail cleanly.
 *
 * <p>The kill points come from a seed each test prints; {@code -Dalbis.test.killSeed=<seed>} repeats them.
 */
class LocalClusterKillTest {
    private static final String MASTER = "local-cluster[2,1,1024]";
    private static final AtomicInteger CATALOGS = new AtomicInteger();
    /** How long the executors of a killed driver get to notice and exit by themselves before they are killed too. */
    private static final long EXECUTORS_NOTICE_SECONDS = 10;
    /** The table's row group size (a table property), so each statement's files are known in advance. */
    private static final int ROW_GROUP_ROWS = 100;
    /** The table each test starts from: ids 0 to 19,999 with their names, in 200 row groups. */
    private static final TableContent START = TableContent.range(0, 20_000, List.of("id", "name"));

    /**
     * What the driver runs, as the driver's catalog {@code lake} names the table, and what it makes
     * of the table. The writes call {@code pause} so that each task takes a while (50 ms of sleep
     * among its 1,000 rows) and a kill finds tasks in the middle of their row groups.
     */
    enum Statement {
        /** 20,000 new rows, in 20 tasks. */
        OVERWRITE("INSERT OVERWRITE lake.db.t SELECT pause(id, 5), CAST(id AS STRING) FROM range(1000000, 1020000, 1, 20)") {
            @Override
            TableContent after(TableContent before) {
                return TableContent.range(1_000_000, 20_000, before.columns());
            }

            @Override
            long metadataFilesWritten(TableContent before) {
                return 20_000 / ROW_GROUP_ROWS;
            }
        },
        /** 10,000 rows more, in 10 tasks. */
        APPEND("INSERT INTO lake.db.t SELECT pause(id, 5), CAST(id AS STRING) FROM range(2000000, 2010000, 1, 10)") {
            @Override
            TableContent after(TableContent before) {
                return before.plus(TableContent.range(2_000_000, 10_000, before.columns()));
            }

            @Override
            long metadataFilesWritten(TableContent before) {
                return 10_000 / ROW_GROUP_ROWS;
            }
        },
        /** A new column group, written (nulls) for every row group by the driver. */
        ADD_COLUMNS("ALTER TABLE lake.db.t ADD COLUMNS (x DOUBLE)") {
            @Override
            TableContent after(TableContent before) {
                return before.withColumn("x");
            }

            @Override
            long metadataFilesWritten(TableContent before) {
                return before.rows() / ROW_GROUP_ROWS;
            }
        };

        final String sql;

        Statement(String sql) {
            this.sql = sql;
        }

        abstract TableContent after(TableContent before);

        /**
         * How many metadata files the statement writes: one per row group it writes, or per row
         * group it writes the new column group for.
         */
        abstract long metadataFilesWritten(TableContent before);
    }

    @TempDir
    Path dir;

    private final SparkSession spark = SparkSessions.local();
    private Path warehouse;
    private Path table;
    /** This JVM's catalog over the warehouse, named anew for each test (Spark keeps a catalog once it is loaded). */
    private String catalogTable;
    private long seed;
    private Random random;

    @BeforeEach
    void tableOfKnownRows(TestInfo test) throws IOException {
        seed = Long.getLong("albis.test.killSeed", new Random().nextLong());
        random = new Random(seed);
        System.out.println(getClass().getSimpleName() + " " + test.getDisplayName() + ": kill seed " + seed
                + " (-Dalbis.test.killSeed=" + seed + " repeats the kill points)");
        warehouse = dir.resolve("warehouse");
        table = warehouse.resolve("db").resolve("t");
        String catalog = "kill" + CATALOGS.incrementAndGet();
        spark.conf().set("spark.sql.catalog." + catalog, AlbisCatalog.class.getName());
        spark.conf().set("spark.sql.catalog." + catalog + ".warehouse", warehouse.toString());
        catalogTable = catalog + ".db.t";
        spark.sql("CREATE NAMESPACE " + catalog + ".db");
        spark.sql("CREATE TABLE " + catalogTable + " (id BIGINT, name STRING) USING albis"
                + " TBLPROPERTIES ('rowGroupRows' = '" + ROW_GROUP_ROWS + "')");
        spark.sql("INSERT INTO " + catalogTable + " SELECT id, CAST(id AS STRING) FROM range(0, 20000, 1, 2)");
        assertEquals(START, TableContent.ofCore(table.toString()));
    }

    @Test
    void anExecutorKilledDuringEachStatementLetsItFinishOrFailCleanly() throws Exception {
        try (SqlShell driver = startDriver()) {
            TableContent before = START;
            for (Statement s : Statement.values()) {
                Set<String> filesBefore = metadataFiles();
                long lostBefore = lostTasks(driver);
                int n = driver.submit(s.sql);
                long point = random.nextLong(s.metadataFilesWritten(before) + 1);
                long written = awaitProgress(driver, n, filesBefore, point);
                List<ProcessHandle> executors = awaitExecutors(driver.jvm(), 1);
                ProcessHandle victim = executors.get(random.nextInt(executors.size()));
                victim.destroyForcibly();
                victim.onExit().get(30, TimeUnit.SECONDS);
                SqlShell.Answer answer = driver.await(n, 180);
                String context = s + ", executor " + victim.pid() + " killed " + killPoint(written, s, before)
                        + ", seed " + seed + ": " + (answer.ok() ? "finished" : "failed: " + answer.text())
                        + ", task attempts lost " + (lostTasks(driver) - lostBefore);
                System.out.println(context);
                TableContent expected = answer.ok() ? s.after(before) : before;
                assertTableHolds(expected, context);
                before = expected;
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Statement.class)
    void theDriverKilledDuringAStatementLeavesTheOldStateOrTheNewWhole(Statement s) throws Exception {
        long written;
        SqlShell.Answer answerBeforeKill;
        long killedAt;
        try (SqlShell driver = startDriver()) {
            Set<String> filesBefore = metadataFiles();
            int n = driver.submit(s.sql);
            written = awaitProgress(driver, n, filesBefore, random.nextLong(s.metadataFilesWritten(START) + 1));
            answerBeforeKill = driver.answer(n);
            killedAt = System.nanoTime();
            driver.jvm().kill(EXECUTORS_NOTICE_SECONDS);
        }
        TableContent found = TableContent.ofCore(table.toString());
        String context = s + ", driver killed " + killPoint(written, s, START)
                + (answerBeforeKill != null ? " (after the statement ended: " + answerBeforeKill + ")" : "")
                + ", its executors gone " + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedAt) + " ms later"
                + ", seed " + seed + ": the table holds " + found;
        System.out.println(context);
        if (answerBeforeKill != null && answerBeforeKill.ok()) {
            assertEquals(s.after(START), found, context);
        } else {
            assertTrue(found.equals(START) || found.equals(s.after(START)), context + ", neither " + START + " nor "
                    + s.after(START));
        }
        assertTableHolds(found, context);
        // and the table takes the next change as if nothing had happened
        spark.sql("ALTER TABLE " + catalogTable + " ADD COLUMNS (after_kill INT)");
        assertTableHolds(found.withColumn("after_kill"), context + ", then a column added from this JVM");
    }

    /** How many task attempts the driver has logged as lost so far. */
    private static long lostTasks(SqlShell driver) {
        return driver.jvm().log().lines().filter(l -> l.contains("Lost task ")).count();
    }

    private static String killPoint(long written, Statement s, TableContent before) {
        return "with " + written + " of its " + s.metadataFilesWritten(before) + " metadata files written";
    }

    /** Starts the driver and waits until it sees the table and both executors run. */
    private SqlShell startDriver() throws Exception {
        SqlShell driver = SqlShell.start(dir, "driver", MASTER, warehouse);
        try {
            assertEquals(START.rows() + "," + START.sumOfIds(), driver.run("SELECT count(*), sum(id) FROM lake.db.t"));
            awaitExecutors(driver.jvm(), 2);
            return driver;
        } catch (Throwable t) {
            driver.close();
            throw t;
        }
    }

    /**
     * Waits until statement {@code n} has begun and written {@code point} metadata files that
     * were not in the table directory before it ({@code before}), or has ended; returns how many it had written.
     */
    private long awaitProgress(SqlShell driver, int n, Set<String> before, long point) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (true) {
            Set<String> files = metadataFiles();
            files.removeAll(before);
            if ((driver.begun(n) && files.size() >= point) || driver.answer(n) != null) {
                return files.size();
            }
            if (System.nanoTime() > deadline || !driver.jvm().process().isAlive()) {
                fail("statement " + n + " wrote " + files.size() + " metadata files, not " + point + ":\n"
                        + driver.jvm().logTail());
            }
            Thread.sleep(1);
        }
    }

    /** The names of the metadata files in the table directory. */
    private Set<String> metadataFiles() throws IOException {
        try (Stream<Path> names = Files.list(table)) {
            return names.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".meta"))
                    .collect(Collectors.toCollection(HashSet::new));
        }
    }

    private static List<ProcessHandle> awaitExecutors(ChildSparkJvm driver, int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        List<ProcessHandle> executors = driver.executors();
        while (executors.size() < count) {
            if (System.nanoTime() > deadline) {
                fail("the local-cluster runs " + executors.size() + " executor JVMs, not " + count + ":\n"
                        + driver.logTail());
            }
            Thread.sleep(50);
            executors = driver.executors();
        }
        return executors;
    }

    /**
     * The table holds {@code expected} through this JVM's catalog and through core, passes
     * {@code albis verify}, and {@code albis repair --retention 0} leaves that state alone.
     */
    private void assertTableHolds(TableContent expected, String context) throws IOException {
        assertEquals(expected, TableContent.ofCore(table.toString()), context + ", through core");
        assertEquals(expected, TableContent.ofCatalog(spark, catalogTable), context + ", through the catalog");
        RepairChecks.assertVerifies(LocalStorage.INSTANCE, table.toString(), context);
        RepairChecks.repairAndCheck(LocalStorage.INSTANCE, table.toString(), context);
        assertEquals(expected, TableContent.ofCore(table.toString()), context + ", after repair");
    }
}
