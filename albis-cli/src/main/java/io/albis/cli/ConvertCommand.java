package io.albis.cli;

import io.albis.storage.Storages;
import io.albis.convert.AlbisToOrc;
import io.albis.convert.AlbisToParquet;
import io.albis.convert.ConvertOptions;
import io.albis.convert.ConvertResult;
import io.albis.convert.CsvToAlbis;
import io.albis.convert.OrcInputFiles;
import io.albis.convert.OrcToAlbis;
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

/** {@code albis convert IN OUT}: Parquet, ORC or CSV into Albis, or Albis into Parquet or ORC. */
@Command(name = "convert",
        header = "Convert Parquet, ORC or CSV into an Albis table, or an Albis table into Parquet or ORC.",
        description = {
            "What happens follows from IN and OUT:",
            "  a Parquet file, or a directory of Parquet files -> a new Albis table at OUT;",
            "  an ORC file, or a directory of ORC files -> a new Albis table at OUT;",
            "  a .csv file (RFC 4180, UTF-8, header line; column types inferred) -> a new Albis table at OUT;",
            "  an Albis table, with OUT ending in .parquet -> one Parquet file;",
            "  an Albis table, with OUT ending in .orc -> one ORC file.",
            "OUT must not exist. The layout options apply when writing Albis."})
final class ConvertCommand implements Callable<Integer> {
    private static final byte[] PARQUET_MAGIC = {'P', 'A', 'R', '1'};

    enum Kind { PARQUET, ORC, CSV, ALBIS }

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "IN",
            description = "Parquet or ORC file or directory, .csv file, or Albis table.")
    String in;

    @Parameters(index = "1", paramLabel = "OUT", description = "Albis table to create, or a .parquet or .orc file to create.")
    String out;

    @Mixin
    LayoutOptions layout;

    @Override
    public Integer call() throws Exception {
        Kind kind = detect();
        String outName = out.toLowerCase(Locale.ROOT);
        boolean toParquet = outName.endsWith(".parquet");
        boolean toOrc = outName.endsWith(".orc");
        if (kind == Kind.ALBIS && !toParquet && !toOrc) {
            throw new InvalidOptionException(in + " is an Albis table; to convert it give an OUT ending in .parquet or .orc");
        }
        if (kind != Kind.ALBIS && (toParquet || toOrc)) {
            String target = toParquet ? "Parquet" : "ORC";
            throw new InvalidOptionException("OUT " + out + " ends in ." + (toParquet ? "parquet" : "orc")
                    + ", but only an Albis table converts to " + target + "; " + in + " is "
                    + kind.name().toLowerCase(Locale.ROOT));
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
                case ORC -> OrcToAlbis.convert(Path.of(in), Storages.forPath(out), out, options);
                case CSV -> CsvToAlbis.convert(Path.of(in), Storages.forPath(out), out, options);
                case ALBIS -> toOrc
                        ? AlbisToOrc.convert(AlbisTable.open(Storages.forPath(in), in), Path.of(out), options)
                        : AlbisToParquet.convert(AlbisTable.open(Storages.forPath(in), in), Path.of(out), options);
            };
        }
        PrintWriter o = spec.commandLine().getOut();
        o.printf("converted %s (%s) -> %s (%s): %s, %s, %.1f s%n", in, kind.name().toLowerCase(Locale.ROOT), out,
                toParquet ? "parquet" : toOrc ? "orc" : "albis", Plural.of(result.rows(), "row"),
                Plural.of(result.schema().liveColumnNames().size(), "column"), (System.nanoTime() - start) / 1e9);
        o.flush();
        return 0;
    }

    /** What IN is: an Albis table (a schema file), a .csv file, Parquet or ORC (by magic or by file name). */
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
            if (OrcInputFiles.startsWithMagic(p)) {
                return Kind.ORC;
            }
            throw new InvalidOptionException(in + " is neither a Parquet file (no PAR1 magic), an ORC file (no ORC magic)"
                    + " nor a .csv file");
        }
        try (Stream<Path> files = Files.list(p)) {
            if (files.anyMatch(f -> Files.isRegularFile(f) && !f.getFileName().toString().startsWith(".")
                    && (f.getFileName().toString().endsWith(".parquet") || startsWithParquetMagic(f)))) {
                return Kind.PARQUET;
            }
        }
        try (Stream<Path> files = Files.list(p)) {
            if (files.anyMatch(OrcInputFiles::isOrcFile)) {
                return Kind.ORC;
            }
        }
        throw new InvalidOptionException(in + " is a directory with neither Parquet nor ORC files nor an Albis schema");
    }

    private static boolean startsWithParquetMagic(Path file) {
        try (InputStream s = Files.newInputStream(file)) {
            return Arrays.equals(s.readNBytes(4), PARQUET_MAGIC);
        } catch (IOException e) {
            return false; // unreadable files are not taken as Parquet; the converter names them if they matter
        }
    }
}
