package io.albis.cli;

import io.albis.filter.Predicate;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.table.AlbisTable;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code albis cat TABLE}: rows as JSON Lines or CSV. */
@Command(name = "cat", header = "Print rows as JSON Lines (one object per row) or CSV.",
        description = {
            "JSON: structs are nested objects; dates yyyy-mm-dd; timestamps ISO-8601 UTC with six fraction digits;"
                    + " decimals exact, as strings; binary base64; NaN and infinities as strings.",
            "CSV: RFC 4180 with a header of dotted column names; a null is an empty field."})
final class CatCommand extends TableCommand {
    enum Format { jsonl, csv }

    /** How often the output is checked for a closed pipe (e.g. under head), so reading stops early. */
    private static final int CHECK_EVERY = 1024;

    @Option(names = "--columns", split = ",", paramLabel = "COL",
            description = "Columns to print, in this order (a struct name stands for all its fields). Default: all.")
    List<String> columns;

    @Option(names = "--where", paramLabel = "EXPR", converter = WhereConverter.class,
            description = "Only rows matching, e.g. \"a > 5 AND (b = 'x' OR c IS NULL)\", \"d BETWEEN DATE '2001-01-01'"
                    + " AND DATE '2001-12-31'\", \"s.x IN (1, 2)\".")
    Predicate where;

    @Option(names = "--limit", paramLabel = "N", description = "Print at most N rows.")
    Long limit;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "jsonl",
            description = "jsonl (default) or csv.")
    Format format;

    @Override
    public Integer call() throws Exception {
        if (limit != null && limit < 0) {
            throw new ParameterException(spec.commandLine(), "--limit must be 0 or more, got " + limit);
        }
        AlbisTable t = table.open();
        ReadOptions options = ReadOptions.all().withColumns(columns).withFilter(where);
        PrintWriter out = spec.commandLine().getOut();
        long max = limit == null ? Long.MAX_VALUE : limit;
        try (AlbisReader reader = t.newReader(options);
                RowWriter writer = format == Format.csv ? new CsvRowWriter(out, reader) : new JsonLinesWriter(out)) {
            long n = 0;
            while (n < max && reader.advance()) {
                writer.write(reader);
                n++;
                if (n % CHECK_EVERY == 0 && out.checkError()) {
                    break; // the reader of our output has gone away
                }
            }
        }
        out.flush();
        return 0;
    }
}
