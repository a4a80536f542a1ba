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
 * JVM itself is killed (SIGKILL) at a random moment after the statement's job began. Afterwards,
 * read from this JVM through the catalog and through core, the table holds exactly the rows and
 * columns of the state before the statement or of the state after it, {@code albis verify}'s
 * checks pass, and {@code albis repair --retention 0} leaves nothing but that state. An executor
 * kill must let the statement finish (Spark runs the lost tasks again) or fail cleanly.
 *
 * <p>The moments come from a seed each test prints; {@code -Dalbis.test.killSeed=<seed>} repeats them.
 */
class LocalClusterKillTest {
    private static final String MASTER = "local-cluster[2,1,1024]";
    private static final AtomicInteger CATALOGS = new AtomicInteger();
    /** The table each test starts from: ids 0 to 19,999 with their names, in row groups of 100 rows. */
    private static final TableContent START = TableContent.range(0, 20_000, List.of("id", "name"));

    /** What the driver runs, as the driver's catalog {@code lake} names the table, and what it makes of the table. */
    enum Statement {
        /** 30,000 new rows in 24 tasks, each sleeping 25 ms every 100 rows: about 4 s on two executors. */
        OVERWRITE("INSERT OVERWRITE lake.db.t SELECT pause(id, 25), CAST(id AS STRING) FROM range(1000000, 1030000, 1, 24)",
                4000) {
            @Override
            TableContent after(TableContent before) {
                return TableContent.range(1_000_000, 30_000, before.columns());
            }
        },
        /** 12,000 rows more in 24 tasks: about 2 s. */
        APPEND("INSERT INTO lake.db.t SELECT pause(id, 25), CAST(id AS STRING) FROM range(2000000, 2012000, 1, 24)",
                2000) {
            @Override
            TableContent after(TableContent before) {
                return before.plus(TableContent.range(2_000_000, 12_000, before.columns()));
            }
        },
        /** A new column group written for every row group on the driver. */
        ADD_COLUMNS("ALTER TABLE lake.db.t ADD COLUMNS (x DOUBLE)", 1000) {
            @Override
            TableContent after(TableContent before) {
                return before.withColumn("x");
            }
        };

        final String sql;
        /** Kills land within this many milliseconds after the job began, which covers most of the statement. */
        final int killWithinMillis;

        Statement(String sql, int killWithinMillis) {
            this.sql = sql;
            this.killWithinMillis = killWithinMillis;
        }

        abstract TableContent after(TableContent before);
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
                + " (-Dalbis.test.killSeed=" + seed + " repeats the moments)");
        warehouse = dir.resolve("warehouse");
        table = warehouse.resolve("db").resolve("t");
        String catalog = "kill" + CATALOGS.incrementAndGet();
        spark.conf().set("spark.sql.catalog." + catalog, AlbisCatalog.class.getName());
        spark.conf().set("spark.sql.catalog." + catalog + ".warehouse", warehouse.toString());
        catalogTable = catalog + ".db.t";
        spark.sql("CREATE NAMESPACE " + catalog + ".db");
        spark.sql("CREATE TABLE " + catalogTable + " (id BIGINT, name STRING) USING albis"
                + " TBLPROPERTIES ('rowGroupRows' = '100')");
        spark.sql("INSERT INTO " + catalogTable + " SELECT id, CAST(id AS STRING) FROM range(0, 20000, 1, 2)");
        assertEquals(START, TableContent.ofCore(table.toString()));
    }

    @Test
    void anExecutorKilledDuringEachStatementLetsItFinishOrFailCleanly() throws Exception {
        try (SqlShell driver = startDriver()) {
            TableContent before = START;
            for (Statement s : Statement.values()) {
                int n = driver.submit(s.sql);
                long waited = awaitJobThenWaitRandomly(driver, n, s);
                List<ProcessHandle> executors = awaitExecutors(driver.jvm(), 1);
                ProcessHandle victim = executors.get(random.nextInt(executors.size()));
                boolean endedBeforeKill = driver.answer(n) != null;
                victim.destroyForcibly();
                victim.onExit().get(30, TimeUnit.SECONDS);
                SqlShell.Answer answer = driver.await(n, 180);
                String context = s + ", executor " + victim.pid() + " killed " + waited + " ms after the job began"
                        + (endedBeforeKill ? " (after the statement ended)" : "") + ", seed " + seed + ": "
                        + (answer.ok() ? "finished" : "failed: " + answer.text());
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
        int n;
        long waited;
        SqlShell.Answer answerBeforeKill;
        try (SqlShell driver = startDriver()) {
            n = driver.submit(s.sql);
            waited = awaitJobThenWaitRandomly(driver, n, s);
            answerBeforeKill = driver.answer(n);
            driver.jvm().kill(10);
        }
        TableContent found = TableContent.ofCore(table.toString());
        String context = s + ", driver killed " + waited + " ms after the job began"
                + (answerBeforeKill != null ? " (after the statement ended: " + answerBeforeKill + ")" : "")
                + ", seed " + seed + ": the table holds " + found;
        System.out.println(context);
        if (answerBeforeKill != null && answerBeforeKill.ok()) {
            assertEquals(s.after(START), found, context);
        } else {
            assertTrue(found.equals(START) || found.equals(s.after(START)), context + ", neither " + START + " nor "
                    + s.after(START));
        }
        assertTableHolds(found, context);
    }

    /** Starts the driver and waits until it sees the table and both executors run. */
    private SqlShell startDriver() throws Exception {
        SqlShell driver = SqlShell.start(dir, "driver-" + System.nanoTime(), MASTER, warehouse);
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
     * Waits until statement {@code n} has begun its job (a job directory appears in the table
     * directory) or ended, then for a random time under the statement's kill window; returns that time.
     */
    private long awaitJobThenWaitRandomly(SqlShell driver, int n, Statement s) throws Exception {
        Set<String> jobsBefore = jobDirectories();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!(driver.begun(n) && !jobDirectories().equals(jobsBefore)) && driver.answer(n) == null) {
            if (System.nanoTime() > deadline || !driver.jvm().process().isAlive()) {
                fail(s + " did not begin its job:\n" + driver.jvm().logTail());
            }
            Thread.sleep(2);
        }
        long millis = random.nextInt(s.killWithinMillis);
        Thread.sleep(millis);
        return millis;
    }

    private Set<String> jobDirectories() throws IOException {
        try (Stream<Path> names = Files.list(table)) {
            return names.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("_job."))
                    .collect(Collectors.toSet());
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
