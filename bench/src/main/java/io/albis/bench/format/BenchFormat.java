package io.albis.bench.format;

import io.albis.scan.ScanResult;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One way of storing a table and reading it back, as the goodput harness measures it.
 *
 * <p>Every implementation reads through its format's fastest public JVM path and materialises
 * every value it returns into a {@link io.albis.scan.ValueChecksum}, counting logical bytes as
 * {@link io.albis.scan.LogicalBytes} and docs/PERFORMANCE.md say (4 per int/float/date, 8 per long/double/timestamp/decimal ≤ 18 digits, the
 * byte length of each string/binary, nothing for nulls; a list or map counts the values inside
 * it). So rows, logical bytes, nulls and the checksum must agree across formats for the same
 * data, projection and filter; the harness fails the run when they do not.
 *
 * <p>Implementations are found with {@link java.util.ServiceLoader}: list them in
 * {@code META-INF/services/io.albis.bench.format.BenchFormat}. They need a public no-argument
 * constructor and must be stateless (each fork creates its own).
 */
public interface BenchFormat {

    /** Name in results and on the command line, e.g. {@code albis}, {@code parquet-spark}, {@code arrow-unsafe}. */
    String name();

    /**
     * The stored format this reader reads: implementations with the same data format share one
     * written copy (e.g. {@code parquet-spark} and {@code parquet-java} both read {@code parquet}).
     */
    String dataFormat();

    /** Codecs measured for this format, {@code none} first; names as in {@link Codecs}. Only {@code none} by default. */
    default List<String> codecs() {
        return Codecs.ONLY_NONE;
    }

    /**
     * Whether this format stores list and map columns and this reader reads them; only such
     * formats are measured on tables that have them. Their values go into the checksum by the
     * rules of {@link io.albis.scan.ValueChecksum} for lists and maps.
     */
    default boolean readsListsAndMaps() {
        return false;
    }

    /**
     * Whether this reader takes a key filter ({@link ReadSpec#withFilterIn}: {@code =} and
     * {@code IN}) as well as {@code <=}; the harness gives a key filter to no other reader.
     */
    default boolean readsKeyFilters() {
        return false;
    }

    /** Extra JVM arguments the fork reading this format needs (e.g. Arrow's unsafe flags). */
    default List<String> jvmArgs() {
        return List.of();
    }

    /**
     * Writes every row of {@code source}, one output file per source row group (in row-group
     * order, named {@code part-00000.<ext>}, ...), into the empty directory {@code dir} with
     * {@code codec}. Only called on one implementation per {@link #dataFormat()}.
     */
    WriteResult write(AlbisTable source, Path dir, String codec) throws IOException;

    /** {@link #write(AlbisTable, Path, String)} with {@code threads} threads, where the format can use them (Spark-level formats). */
    default WriteResult write(AlbisTable source, Path dir, String codec, int threads) throws IOException {
        return write(source, dir, codec);
    }

    /**
     * Reads what {@link #write} wrote into {@code dir}: the columns and rows {@code spec} selects,
     * with {@code threads} threads, thread t reading files t, t + threads, ... Returns the
     * totals with {@code nanos} = wall time of the whole read.
     */
    ScanResult read(Path dir, ReadSpec spec, int threads) throws IOException;
}
