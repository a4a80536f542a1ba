package io.albis.bench.format.spark;

import io.albis.bench.format.ColumnChange;
import io.albis.bench.format.NamedFormat;
import io.albis.bench.format.PartFiles;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.WriteResult;
import io.albis.scan.ScanResult;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

/**
 * A format as Spark SQL reads and writes it (experiment 10): every run loads a fresh Dataset with
 * {@code spark.read.format(...).load(dir)} in a {@code local[threads]} session and times the whole
 * query, planning included, as a user's query takes it.
 * <ul>
 *   <li>ingestion: every column into Spark's {@code noop} sink (every value materialised);</li>
 *   <li>sum: one {@code SELECT sum(c1), ..., sum(cN)};</li>
 *   <li>write: the table from the floor source (in memory) written through Spark.</li>
 * </ul>
 * {@link #read} is the untimed check: the {@link io.albis.scan.ValueChecksum} totals of every
 * value Spark gets from the copy, which the harness compares with its scan of the source table.
 * Other experiments leave these formats out; their copies are written by the format's own writer.
 */
public abstract class SparkLevelFormat extends NamedFormat {
    private final String sparkSource;
    private final List<String> codecs;
    private final Map<String, String> sessionConf;
    private final boolean writes;

    /**
     * @param source      the name Spark knows the source by
     * @param sessionConf session settings the reads of this format run with
     * @param writes      whether experiment 10 measures a write in this format (one format per source does)
     */
    protected SparkLevelFormat(String name, String dataFormat, String source, List<String> codecs,
            Map<String, String> sessionConf, boolean writes) {
        super(name, dataFormat);
        this.sparkSource = source;
        this.codecs = List.copyOf(codecs);
        this.sessionConf = Map.copyOf(sessionConf);
        this.writes = writes;
    }


    @Override
    public final List<String> codecs() {
        return codecs;
    }

    public final boolean writes() {
        return writes;
    }

    /** Spark's writer options for a codec of {@link #codecs()}. */
    protected Map<String, String> writeOptions(String codec) {
        return Map.of("compression", codec);
    }

    /** Untimed work before a format's first run over {@code dir} (the floor loads its batches). */
    protected void beforeRuns(Path dir) {}

    /** The session for runs over {@code dir}: this format's settings set and its untimed preparation done. */
    protected SparkSession ready(Path dir, int threads) {
        SparkSession spark = BenchSpark.session(threads);
        sessionConf.forEach(spark.conf()::set);
        beforeRuns(dir);
        return spark;
    }

    /** A fresh Dataset of the copy at {@code dir}. */
    private Dataset<Row> load(SparkSession spark, Path dir) {
        return spark.read().format(sparkSource).load(dir.toString());
    }

    /**
     * One ingestion run: every column of a fresh Dataset (the columns of {@code spec}, when it
     * names some) into the {@code noop} sink; returns its wall time.
     */
    public long ingest(Path dir, ReadSpec spec, int threads) {
        SparkSession spark = ready(dir, threads);
        long start = System.nanoTime();
        columns(load(spark, dir), spec).write().format("noop").mode(SaveMode.Overwrite).save();
        return System.nanoTime() - start;
    }

    /** The columns of {@code spec} of {@code df} (all when it names none). */
    private static Dataset<Row> columns(Dataset<Row> df, ReadSpec spec) {
        return spec.columns() == null ? df : df.select(spec.columns().stream().map(functions::col).toArray(Column[]::new));
    }

    /** One run of {@code SELECT sum(c1), ..., sum(cN)} over a fresh Dataset; returns its wall time. */
    public long sum(Path dir, int threads) {
        SparkSession spark = ready(dir, threads);
        long start = System.nanoTime();
        Dataset<Row> df = load(spark, dir);
        Column[] sums = Arrays.stream(df.columns()).map(functions::sum).toArray(Column[]::new);
        List<Row> result = df.agg(sums[0], Arrays.copyOfRange(sums, 1, sums.length)).collectAsList();
        long nanos = System.nanoTime() - start;
        if (result.size() != 1) {
            throw new IllegalStateException("a sum over " + dir + " returned " + result.size() + " rows");
        }
        return nanos;
    }

    @Override
    public ScanResult read(Path dir, ReadSpec spec, int threads) {
        if (spec.hasFilter()) {
            throw new IllegalArgumentException(name() + " reads whole tables or columns only, not " + spec);
        }
        return SparkChecksum.of(columns(load(ready(dir, threads), dir), spec));
    }

    @Override
    public WriteResult write(AlbisTable source, Path dir, String codec) throws IOException {
        return write(source, dir, codec, 1);
    }

    @Override
    public WriteResult write(AlbisTable source, Path dir, String codec, int threads) throws IOException {
        if (!writes) {
            throw new IllegalArgumentException(name() + " does not write; its data format's copies are written by"
                    + " another format");
        }
        SparkSession spark = BenchSpark.session(threads);
        FloorTables.get(source.path()); // loaded before the clock starts
        Dataset<Row> rows = spark.read().format(FloorSource.class.getName()).load(source.path());
        long start = System.nanoTime();
        rows.write().format(sparkSource).options(writeOptions(codec)).mode(SaveMode.Overwrite).save(dir.toString());
        return written(dir, System.nanoTime() - start);
    }

    /**
     * Experiment 11 ({@link io.albis.bench.format.EvolvingFormat#change}), for formats that can only
     * rewrite a table: the table at {@code copy} rewritten with the change into {@code dir} through
     * Spark (read, {@code withColumn} or {@code drop}, write), timed as a whole. A re-group has no
     * counterpart outside Albis: it is the rewrite of the table as it is.
     */
    public WriteResult change(ColumnChange change, Path copy, Path dir, String codec, int threads) throws IOException {
        SparkSession spark = ready(copy, threads);
        long start = System.nanoTime();
        Dataset<Row> rows = load(spark, copy);
        Dataset<Row> changed = switch (change.kind()) {
            case ADD -> rows.withColumn(change.column(), functions.expr(change.expression()));
            case DROP -> rows.drop(change.column());
            case REGROUP -> rows;
        };
        changed.write().format(sparkSource).options(writeOptions(codec)).mode(SaveMode.ErrorIfExists).save(dir.toString());
        long nanos = System.nanoTime() - start;
        return written(dir, nanos);
    }

    /**
     * Experiment 11's untimed check of a changed table through this format's Spark source
     * ({@link io.albis.bench.format.EvolvingFormat#readChanged}): an added column equals its
     * expression over the row's other columns in every row, a dropped column is gone; returns the
     * totals of every value of the other columns.
     */
    public ScanResult readChanged(ColumnChange change, Path dir, int threads) throws IOException {
        Dataset<Row> df = load(ready(dir, threads), dir);
        boolean has = Arrays.asList(df.columns()).contains(change.column());
        Dataset<Row> kept = switch (change.kind()) {
            case ADD -> {
                long wrong = !has ? -1 : df.where(functions.not(functions.col(change.column())
                        .eqNullSafe(functions.expr(change.expression())))).count();
                if (wrong != 0) {
                    throw new IOException(dir + ": column " + change.column() + (has ? " differs from "
                            + change.expression() + " in " + wrong + " rows" : " is missing after it was added"));
                }
                yield df.drop(change.column());
            }
            case DROP -> {
                if (has) {
                    throw new IOException(dir + " still has column " + change.column() + " after it was dropped");
                }
                yield df;
            }
            case REGROUP -> df;
        };
        return SparkChecksum.of(kept);
    }

    /** The files Spark wrote into {@code dir}, their bytes, and the time it took. */
    private static WriteResult written(Path dir, long nanos) throws IOException {
        List<Path> files = dataFiles(dir);
        long bytes = 0;
        for (Path f : files) {
            bytes += Files.size(f);
        }
        return new WriteResult(files, bytes, nanos);
    }

    /** The files Spark wrote, without its markers ({@code _SUCCESS}) and checksum files ({@code .crc}). */
    private static List<Path> dataFiles(Path dir) throws IOException {
        return PartFiles.allFiles(dir).stream().filter(p -> {
            String n = p.getFileName().toString();
            return !n.startsWith("_") && !n.startsWith(".");
        }).toList();
    }
}
