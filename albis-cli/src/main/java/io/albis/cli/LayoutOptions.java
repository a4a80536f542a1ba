package io.albis.cli;

import io.albis.convert.ConvertOptions;
import io.albis.error.InvalidOptionException;
import io.albis.schema.ColumnGroupSpec;
import io.albis.write.WriterOptions;
import me.tongfei.progressbar.ProgressBar;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** How a command that writes a table cuts it: segment size, row group rows, column groups. */
public final class LayoutOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--segment-size", paramLabel = "BYTES", converter = SizeConverter.class,
            description = "Segment size, the unit of I/O and statistics (binary suffixes k, m, g; default 1m).")
    Long segmentSize;

    @Option(names = "--row-group-rows", paramLabel = "N",
            description = "Close a row group after N rows (default: only at 256 MiB of row data).")
    Long rowGroupRows;

    @Option(names = "--column-groups", paramLabel = "SPEC", converter = ColumnGroupsConverter.class,
            defaultValue = "single",
            description = "single (one group, a row store; default), column (one group per column, a column store),"
                    + " or name1=a,b;name2=c,d (columns not named go to a group called rest).")
    ColumnGroupSpec columnGroups;

    public ColumnGroupSpec columnGroups() {
        return columnGroups;
    }

    /** The writer options, checked here so that a bad value is a usage error naming the option. */
    public WriterOptions writerOptions() {
        WriterOptions o = withSegmentSize(spec, WriterOptions.defaults(), segmentSize);
        if (rowGroupRows != null) {
            if (rowGroupRows < 1) {
                throw new ParameterException(spec.commandLine(), "--row-group-rows must be at least 1, got " + rowGroupRows);
            }
            o = o.withRowGroupRows(rowGroupRows);
        }
        return o;
    }

    /**
     * The options of a conversion that writes Albis in this layout and shows its progress on
     * {@code bar} (none without one); {@code append} adds to an existing table instead of creating one.
     */
    ConvertOptions convertOptions(ProgressBar bar, Configuration conf, boolean append) {
        return new ConvertOptions(columnGroups.groups(), columnGroups.columnPerGroup(), writerOptions(),
                Progress.listener(bar), conf, append);
    }

    /** {@code options} with the segment size {@code --segment-size} gave (none: as they are), checked as a usage error. */
    static WriterOptions withSegmentSize(CommandSpec spec, WriterOptions options, Long segmentSize) {
        if (segmentSize == null) {
            return options;
        }
        try {
            WriterOptions.checkSegmentSize(segmentSize);
        } catch (InvalidOptionException e) {
            throw new ParameterException(spec.commandLine(), "--segment-size: " + e.getMessage());
        }
        return options.withSegmentSize(segmentSize.intValue());
    }
}
