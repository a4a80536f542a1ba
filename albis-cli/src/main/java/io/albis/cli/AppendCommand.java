package io.albis.cli;

import io.albis.convert.ConvertResult;
import io.albis.convert.source.SourceFormat;
import io.albis.error.InvalidOptionException;
import io.albis.hdfs.HadoopStorageProvider;
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

/** {@code albis append TABLE SOURCE}: the rows of a Parquet, ORC or CSV source added to an existing table. */
@Command(name = "append",
        header = "Append the rows of a Parquet, ORC or CSV source to an existing Albis table, in one commit.",
        description = {
            "SOURCE is read as `albis convert` reads it (a Parquet or ORC file or directory, or a .csv file)",
            "and must have the table's columns, in the table's order, with the same types; a column that may",
            "be null in SOURCE must be nullable in the table. The rows become new row groups under the",
            "table's own column groups and appear to readers in one step; a failed append leaves the table",
            "as it was. TABLE and SOURCE may be local paths or hdfs://, crail:// and other Hadoop URIs."})
final class AppendCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TABLE", description = "The Albis table to add rows to.")
    String table;

    @Parameters(index = "1", paramLabel = "SOURCE", description = "Parquet or ORC file or directory, or .csv file.")
    String source;

    @Mixin
    LayoutOptions layout;

    @Override
    public Integer call() throws Exception {
        Configuration conf = HadoopStorageProvider.configuration();
        SourceFormat kind = SourceFormat.detect(source, conf);
        if (kind == SourceFormat.ALBIS) {
            throw new InvalidOptionException(source + " is an Albis table; append takes Parquet, ORC or CSV");
        }
        long start = System.nanoTime();
        ConvertResult result;
        try (ProgressBar bar = Progress.rowsBar("append")) {
            result = kind.toAlbis(source, table, layout.convertOptions(bar, conf, true));
        }
        PrintWriter o = spec.commandLine().getOut();
        o.printf("appended %s (%s) -> %s: %s, %.1f s%n", source, kind.name().toLowerCase(Locale.ROOT), table,
                Plural.of(result.rows(), "row"), (System.nanoTime() - start) / 1e9);
        o.flush();
        return 0;
    }
}
