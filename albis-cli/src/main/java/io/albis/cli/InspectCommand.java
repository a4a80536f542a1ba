package io.albis.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code albis inspect TABLE}: the physical layout and statistics, as text or JSON. */
@Command(name = "inspect", header = "Show a table's physical layout and segment statistics.",
        description = "The table state and its properties; row groups (with their partitions) and column groups with"
                + " their data and metadata file sizes and rows and the columns with bloom filters, and every segment:"
                + " offset, length, padding, rows, CRC-32C and per-column statistics (nulls, min, max, sorted, bloom"
                + " filter blocks).")
final class InspectCommand extends TableCommand {
    @Option(names = "--json", description = "Print one JSON document instead of text.")
    boolean json;

    @Option(names = "--no-segments", description = "Leave out the per-segment detail.")
    boolean noSegments;

    @Override
    public Integer call() throws Exception {
        TableReport report = TableReport.of(table.open(), !noSegments);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(report));
        } else {
            printText(out, report);
        }
        out.flush();
        return 0;
    }

    private static void printText(PrintWriter out, TableReport r) {
        out.printf("table %s: schema version %d, %s in %s%n", r.table(), r.schemaVersion(), Plural.of(r.rows(), "row"),
                Plural.of(r.rowGroups().size(), "row group"));
        if (r.stateVersion() != null) {
            out.printf("state %d, committed by %s%n", r.stateVersion(), r.operation());
        }
        if (!r.properties().isEmpty()) {
            out.println("properties:");
            r.properties().forEach((k, v) -> out.printf("  %s = %s%n", k, v));
        }
        out.println("column groups:");
        for (TableReport.GroupInfo g : r.columnGroups()) {
            out.printf("  %s (id %d): %s%n", g.name(), g.id(), String.join(", ", g.columns()));
        }
        for (TableReport.RowGroupInfo rg : r.rowGroups()) {
            out.printf("row group %d (%s)%s: %,d rows%n", rg.index(), rg.path(),
                    rg.partition().isEmpty() ? "" : " in partition " + rg.partition(), rg.rows());
            for (TableReport.ColumnGroupInfo cg : rg.columnGroups()) {
                if (!cg.present()) {
                    out.printf("  column group %s (id %d): absent (added later; reads as nulls)%n", cg.name(), cg.id());
                    continue;
                }
                out.printf("  column group %s (id %d): data %,d bytes, meta %,d bytes, %,d rows, segment size %,d%n",
                        cg.name(), cg.id(), cg.dataBytes(), cg.metaBytes(), cg.rows(), cg.segmentSize());
                if (!cg.bloomFilters().isEmpty()) {
                    out.printf("    bloom filters: %s%n", String.join(", ", cg.bloomFilters().stream()
                            .map(b -> String.format("%s (fpp %s, %,d bytes)", b.column(), b.fpp(), b.bytes())).toList()));
                }
                if (cg.segments() == null) {
                    continue;
                }
                out.printf("    %s%n", Plural.of(cg.segments().size(), "segment"));
                for (TableReport.SegmentInfo s : cg.segments()) {
                    out.printf("    segment %d: offset %,d, length %,d, padding %,d, rows %,d (first %,d), crc32c %s%n",
                            s.index(), s.offset(), s.length(), s.padding(), s.rows(), s.firstRow(), s.crc32c());
                    for (TableReport.ColumnStatsInfo c : s.columns()) {
                        StringBuilder line = new StringBuilder("      ").append(c.column()).append(" (").append(c.type())
                                .append("): nulls ").append(c.nulls());
                        if (c.min() != null) {
                            line.append(", min ").append(c.min()).append(", max ").append(c.max());
                        }
                        if (c.sorted()) {
                            line.append(", sorted");
                        }
                        if (c.bloomFilterBlocks() != null) {
                            line.append(", bloom filter ").append(Plural.of(c.bloomFilterBlocks(), "block"));
                        }
                        out.println(line);
                    }
                }
            }
        }
    }
}
