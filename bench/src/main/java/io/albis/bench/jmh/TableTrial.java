package io.albis.bench.jmh;

import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A synthetic table for one JMH trial: written into a fresh directory ({@link SyntheticData})
 * before the trial, opened, and deleted after it; the subclass says which table. Carries the
 * settings every benchmark of this package runs with (average time in microseconds, 3 warm-up and
 * 5 measured iterations of one second, one fork), which JMH reads from the benchmark's superclass.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public abstract class TableTrial {
    private Path dir;
    /** The table of this trial; package-private so the tests can check its shape. */
    AlbisTable table;

    /** Names the table's directory (a prefix, for whoever looks into the temp directory). */
    protected abstract String tableName();

    /** Writes the table into {@code dir}, which is empty. */
    protected abstract void writeTable(Path dir) throws IOException;

    /** Prepares what the benchmark needs of the opened {@link #table}; nothing by default. */
    protected void opened() throws IOException {}

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        dir = SyntheticData.newTableDir(tableName());
        writeTable(dir);
        table = AlbisTable.open(dir.toString());
        opened();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        SyntheticData.delete(dir);
    }
}
