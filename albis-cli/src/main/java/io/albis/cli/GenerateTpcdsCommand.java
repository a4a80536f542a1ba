package io.albis.cli;

import io.albis.storage.Storages;
import io.albis.schema.Schema;
import io.albis.storage.Storage;
import io.albis.table.AlbisTable;
import io.albis.tpcds.TpcdsGenerator;
import io.albis.tpcds.TpcdsSeed;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import io.trino.tpcds.Table;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.function.LongConsumer;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code albis generate tpcds --table T --scale S OUT}. */
@Command(name = "tpcds", header = "Generate a TPC-DS table in-process as an Albis table (data derived from TPC-DS).",
        description = {
            "The rows come from io.trino.tpcds in the generator's order; OUT appears only when the table is complete.",
            "Types: INTEGER and *_sk identifiers -> int, other identifiers -> long, DECIMAL(p,s) -> decimal(p,s),"
                    + " CHAR/VARCHAR -> string, DATE -> date, TIME -> int (seconds of the day).",
            "Scales below 1 are allowed but coarse: store_sales has at least about 120,000 rows (scale 1: 2,880,404)."})
final class GenerateTpcdsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--table", paramLabel = "T", defaultValue = "store_sales",
            description = "TPC-DS table name (default store_sales).")
    String tableName;

    @Option(names = "--scale", paramLabel = "S", defaultValue = "1",
            description = "Scale factor (default 1, the 1 GB TPC-DS database); whole numbers above 1, fractions below.")
    double scale;

    @Option(names = "--seed", paramLabel = "SEED", defaultValue = "default",
            description = "Seed base of the generator: 'default' (dsdgen's own; the official row counts) or a whole"
                    + " number (100 gives the data behind Spark's golden TPC-DS answers).")
    String seed;

    @Mixin
    LayoutOptions layout;

    @Parameters(index = "0", paramLabel = "OUT", description = "Path of the table to create (must not exist).")
    String out;

    @Override
    public Integer call() throws Exception {
        Table table = TpcdsGenerator.table(tableName);
        TpcdsGenerator.checkScale(scale);
        TpcdsSeed seedBase = TpcdsSeed.parse(seed);
        Storage storage = Storages.forPath(out);
        Schema schema = layout.columnGroups().applyTo(TpcdsGenerator.schema(table)).build();
        WriterOptions options = layout.writerOptions();
        long start = System.nanoTime();
        long rows;
        String target;
        try (TableOutput output = TableOutput.create(storage, out)) {
            try (ProgressBar bar = Progress.rowsBar(table.getName())) {
                LongConsumer progress = bar == null ? done -> { } : bar::stepTo;
                AlbisWriter writer = AlbisWriter.create(storage, output.tempPath(), schema, options);
                try {
                    rows = TpcdsGenerator.write(table, scale, seedBase, writer, progress);
                    writer.close();
                } catch (Exception e) {
                    writer.abort();
                    throw e;
                }
            }
            output.publish();
            target = output.target();
        }
        AlbisTable written = AlbisTable.open(storage, target);
        PrintWriter o = spec.commandLine().getOut();
        o.printf("generated %s at scale %s, seed %s: %s in %s, %s, %.1f s -> %s%n",
                table.getName(), formatScale(scale), seedBase, Plural.of(rows, "row"), Plural.of(written.rowGroups().size(), "row group"),
                Plural.of(schema.groups().size(), "column group"),
                (System.nanoTime() - start) / 1e9, target);
        o.flush();
        return 0;
    }

    static String formatScale(double s) {
        return s == Math.rint(s) ? Long.toString((long) s) : Double.toString(s);
    }
}
