package io.albis.cli;

import io.albis.convert.ConvertOptions;
import io.albis.convert.ConvertResult;
import io.albis.convert.orc.AlbisToOrc;
import io.albis.convert.parquet.AlbisToParquet;
import io.albis.convert.source.SourceFormat;
import io.albis.error.InvalidOptionException;
import io.albis.hdfs.HadoopStorageProvider;
import io.albis.storage.Storages;
import io.albis.table.AlbisTable;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ProgressBar;
import org.apache.hadoop.conf.Configuration;
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
            "IN and OUT may be local paths or hdfs://, crail:// and other Hadoop file system URIs.",
            "OUT must not exist. The layout options apply when writing Albis."})
final class ConvertCommand implements Callable<Integer> {

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
        Configuration conf = HadoopStorageProvider.configuration();
        SourceFormat kind = SourceFormat.detect(in, conf);
        String outName = out.toLowerCase(Locale.ROOT);
        boolean toParquet = outName.endsWith(".parquet");
        boolean toOrc = outName.endsWith(".orc");
        if (kind == SourceFormat.ALBIS && !toParquet && !toOrc) {
            throw new InvalidOptionException(in + " is an Albis table; to convert it give an OUT ending in .parquet or .orc");
        }
        if (kind != SourceFormat.ALBIS && (toParquet || toOrc)) {
            String target = toParquet ? "Parquet" : "ORC";
            throw new InvalidOptionException("OUT " + out + " ends in ." + (toParquet ? "parquet" : "orc")
                    + ", but only an Albis table converts to " + target + "; " + in + " is "
                    + kind.name().toLowerCase(Locale.ROOT));
        }
        long start = System.nanoTime();
        ConvertResult result;
        try (ProgressBar bar = Progress.rowsBar("convert")) {
            ConvertOptions options = layout.convertOptions(bar, conf, false);
            result = switch (kind) {
                case PARQUET, ORC, CSV -> kind.toAlbis(in, out, options);
                case ALBIS -> toOrc
                        ? AlbisToOrc.convert(AlbisTable.open(Storages.forPath(in), in), out, options)
                        : AlbisToParquet.convert(AlbisTable.open(Storages.forPath(in), in), out, options);
            };
        }
        PrintWriter o = spec.commandLine().getOut();
        o.printf("converted %s (%s) -> %s (%s): %s, %s, %.1f s%n", in, kind.name().toLowerCase(Locale.ROOT), out,
                toParquet ? "parquet" : toOrc ? "orc" : "albis", Plural.of(result.rows(), "row"),
                Plural.of(result.schema().liveColumnNames().size(), "column"), (System.nanoTime() - start) / 1e9);
        o.flush();
        return 0;
    }
}
