package io.albis.cli;

import io.albis.convert.AlbisToParquet;
import io.albis.convert.ConvertOptions;
import io.albis.convert.ConvertResult;
import io.albis.convert.CsvToAlbis;
import io.albis.convert.ParquetToAlbis;
import io.albis.convert.ProgressListener;
import io.albis.error.InvalidOptionException;
import io.albis.storage.Storage;
import io.albis.table.AlbisTable;
import io.albis.table.SchemaStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code albis convert IN OUT}: Parquet or CSV into Albis, or Albis into Parquet. */
@Command(name = "convert", header = "Convert Parquet or CSV into an Albis table, or an Albis table into Parquet.",
        description = {
            "What happens follows from IN and OUT:",
            "  a Parquet file, or a directory of Parquet files -> a new Albis table at OUT;",
            "  a .csv file (RFC 4180, UTF-8, header line; column types inferred) -> a new Albis table at OUT;",
            "  an Albis table, with OUT ending in .parquet -> one Parquet file.",
            "OUT must not exist. The layout options apply when writing Albis."})
final class ConvertCommand implements Callable<Integer> {
    private static final byte[] PARQUET_MAGIC = {'P', 'A', 'R', '1'};

    enum Kind { PARQUET, CSV, ALBIS }

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "IN", description = "Parquet file or directory, .csv file, or Albis table.")
    String in;

    @Parameters(index = "1", paramLabel = "OUT", description = "Albis table to create, or a .parquet file to create.")
    String out;

    @Mixin
    LayoutOptions layout;

    @Override
    public Integer call() throws Exception {
        Kind kind = detect();
        boolean toParquet = out.toLowerCase(Locale.ROOT).endsWith(".parquet");
        if (kind == Kind.ALBIS && !toParquet) {
            throw new InvalidOptionException(in + " is an Albis table; to convert it give an OUT ending in .parquet");
        }
        if (kind != Kind.ALBIS && toParquet) {
            throw new InvalidOptionException("OUT " + out + " ends in .parquet, but only an Albis table converts to Parquet;"
                    + " " + in + " is " + kind.name().toLowerCase(Locale.ROOT));
        }
        long start = System.nanoTime();
        ConvertResult result;
        try (ProgressBar bar = Progress.rowsBar("convert")) {
            ProgressListener progress = bar == null ? ProgressListener.NONE : (done, total) -> {
                if (total > 0) {
                    bar.maxHint(total);
                }
                bar.stepTo(done);
            };
            ConvertOptions options = new ConvertOptions(layout.columnGroups().groups(), layout.columnGroups().columnPerGroup(),
                    layout.writerOptions(), progress);
            result = switch (kind) {
                case PARQUET -> ParquetToAlbis.convert(Path.of(in), Storages.forPath(out), out, options);
                case CSV -> CsvToAlbis.convert(Path.of(in), Storages.forPath(out), out, options);
                case ALBIS -> AlbisToParquet.convert(AlbisTable.open(Storages.forPath(in), in), Path.of(out), options);
            };
        }
        PrintWriter o = spec.commandLine().getOut();
        o.printf("converted %s (%s) -> %s (%s): %s, %s, %.1f s%n", in, kind.name().toLowerCase(Locale.ROOT), out,
                toParquet ? "parquet" : "albis", Plural.of(result.rows(), "row"),
                Plural.of(result.schema().liveColumnNames().size(), "column"), (System.nanoTime() - start) / 1e9);
        o.flush();
        return 0;
    }

    /** What IN is: an Albis table (a schema file), a .csv file, or Parquet (by magic or .parquet names). */
    private Kind detect() throws IOException {
        Storage storage = Storages.forPath(in);
        if (SchemaStore.currentVersion(storage, in) >= 0) {
            return Kind.ALBIS;
        }
        Path p = Path.of(in);
        if (!Files.exists(p)) {
            throw new InvalidOptionException("no such file or directory: " + in);
        }
        if (Files.isRegularFile(p)) {
            if (p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".csv")) {
                return Kind.CSV;
            }
            if (startsWithParquetMagic(p)) {
                return Kind.PARQUET;
            }
            throw new InvalidOptionException(in + " is neither a Parquet file (no PAR1 magic) nor a .csv file");
        }
        try (Stream<Path> files = Files.list(p)) {
            if (files.anyMatch(f -> Files.isRegularFile(f) && !f.getFileName().toString().startsWith(".")
                    && (f.getFileName().toString().endsWith(".parquet") || startsWithParquetMagic(f)))) {
                return Kind.PARQUET;
            }
        }
        throw new InvalidOptionException(in + " is a directory with neither Parquet files nor an Albis schema");
    }

    private static boolean startsWithParquetMagic(Path file) {
        try (InputStream s = Files.newInputStream(file)) {
            return Arrays.equals(s.readNBytes(4), PARQUET_MAGIC);
        } catch (IOException e) {
            return false; // unreadable files are not taken as Parquet; the converter names them if they matter
        }
    }
}
