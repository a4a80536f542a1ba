package io.albis.convert;

import io.albis.error.InvalidOptionException;
import io.albis.hdfs.HadoopStorageProvider;
import io.albis.write.WriterOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;

/**
 * How a conversion lays out the Albis table it writes, how it reaches Parquet, ORC and CSV files,
 * and whom it tells about progress.
 *
 * @param columnGroups   named column groups, in order, each a list of column names (a struct's
 *                       name stands for all its leaves; unnamed columns land in a group "rest");
 *                       null for one group holding every column (a row store)
 * @param columnPerGroup one group per column (a column store); excludes {@code columnGroups}
 * @param writer         segment size and row group limits of the table written
 * @param progress       told about rows converted
 * @param hadoopConf     the Hadoop configuration Parquet, ORC and CSV files are read and written
 *                       with (which file system serves hdfs://, crail:// and other schemes, and its
 *                       settings); the Albis side goes through {@link io.albis.storage.Storages}
 * @param append         add the rows to an existing table, as new row groups under its own column
 *                       groups, in one commit, instead of creating a table; the source must have the
 *                       table's columns ({@code columnGroups} and {@code columnPerGroup} unset)
 * @param decodeDeadline the longest an ORC reader may take to decode one batch (at most 1,024 rows)
 *                       before the file is reported as damaged: orc-core loops on some damage
 *                       (see {@code OrcDecodeDeadline}); default {@link #DEFAULT_DECODE_DEADLINE}
 */
public record ConvertOptions(Map<String, List<String>> columnGroups, boolean columnPerGroup,
                             WriterOptions writer, ProgressListener progress, Configuration hadoopConf,
                             boolean append, Duration decodeDeadline) {
    /** Far beyond what decoding 1,024 rows takes, even of long lists on a busy machine. */
    public static final Duration DEFAULT_DECODE_DEADLINE = Duration.ofSeconds(30);

    /** Options for a conversion into a new table. */
    public ConvertOptions(Map<String, List<String>> columnGroups, boolean columnPerGroup, WriterOptions writer,
            ProgressListener progress, Configuration hadoopConf) {
        this(columnGroups, columnPerGroup, writer, progress, hadoopConf, false);
    }

    public ConvertOptions(Map<String, List<String>> columnGroups, boolean columnPerGroup, WriterOptions writer,
            ProgressListener progress, Configuration hadoopConf, boolean append) {
        this(columnGroups, columnPerGroup, writer, progress, hadoopConf, append, DEFAULT_DECODE_DEADLINE);
    }

    public ConvertOptions {
        Objects.requireNonNull(decodeDeadline, "decode deadline");
        if (decodeDeadline.isNegative() || decodeDeadline.isZero()) {
            throw new InvalidOptionException("the decode deadline must be positive, got " + decodeDeadline);
        }
        if (append && (columnGroups != null || columnPerGroup)) {
            throw new InvalidOptionException("an append writes under the table's own column groups; give no column"
                    + " groups with it");
        }
        Objects.requireNonNull(writer, "writer options");
        Objects.requireNonNull(progress, "progress listener");
        Objects.requireNonNull(hadoopConf, "Hadoop configuration");
        if (columnGroups != null) {
            if (columnPerGroup) {
                throw new InvalidOptionException("give either column groups or one group per column, not both");
            }
            // Keep the caller's group order: it is the order of the groups in the table.
            Map<String, List<String>> copy = new LinkedHashMap<>();
            columnGroups.forEach((name, cols) -> copy.put(name, Collections.unmodifiableList(new ArrayList<>(cols))));
            columnGroups = Collections.unmodifiableMap(copy);
        }
    }

    /**
     * One column group, default writer options, no progress reports, and Hadoop's configuration
     * from the class path (core-site.xml, hdfs-site.xml) as albis-hdfs reads it.
     */
    public static ConvertOptions defaults() {
        return new ConvertOptions(null, false, WriterOptions.defaults(), ProgressListener.NONE,
                HadoopStorageProvider.configuration());
    }

    public ConvertOptions withColumnGroups(Map<String, List<String>> groups) {
        return new ConvertOptions(groups, false, writer, progress, hadoopConf, append, decodeDeadline);
    }

    public ConvertOptions withColumnPerGroup(boolean on) {
        return new ConvertOptions(on ? null : columnGroups, on, writer, progress, hadoopConf, append, decodeDeadline);
    }

    public ConvertOptions withWriter(WriterOptions options) {
        return new ConvertOptions(columnGroups, columnPerGroup, options, progress, hadoopConf, append, decodeDeadline);
    }

    public ConvertOptions withProgress(ProgressListener listener) {
        return new ConvertOptions(columnGroups, columnPerGroup, writer, listener, hadoopConf, append, decodeDeadline);
    }

    /** Another Hadoop configuration, such as the one a Spark session holds. */
    public ConvertOptions withHadoopConf(Configuration conf) {
        return new ConvertOptions(columnGroups, columnPerGroup, writer, progress, conf, append, decodeDeadline);
    }

    /** Another deadline for decoding one ORC batch. */
    public ConvertOptions withDecodeDeadline(Duration deadline) {
        return new ConvertOptions(columnGroups, columnPerGroup, writer, progress, hadoopConf, append, deadline);
    }

    /** Appends to an existing table instead of creating one. */
    public ConvertOptions withAppend(boolean on) {
        return new ConvertOptions(columnGroups, columnPerGroup, writer, progress, hadoopConf, on, decodeDeadline);
    }
}
