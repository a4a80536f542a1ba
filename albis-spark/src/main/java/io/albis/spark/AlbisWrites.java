package io.albis.spark;

import io.albis.error.InvalidOptionException;
import io.albis.layout.TableLayout;
import io.albis.write.WriterOptions;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.spark.sql.execution.datasources.OutputWriterFactory;
import org.apache.spark.sql.types.StructType;

/**
 * The driver's side of a Spark write to Albis ({@code FileFormat.prepareWrite}): checks the
 * options and the schema, and puts into the job's configuration the Albis job ({@link SparkWriteJob})
 * and the committer that commits it ({@link AlbisOutputCommitter}).
 */
public final class AlbisWrites {
    /** Spark's setting for the committer its commit protocol uses (SQLConf.OUTPUT_COMMITTER_CLASS). */
    static final String OUTPUT_COMMITTER_CLASS = "spark.sql.sources.outputCommitterClass";

    /** Write options of the albis source (Spark's option names are case-insensitive). */
    static final String SEGMENT_SIZE = "segmentSize";
    static final String ROW_GROUP_ROWS = "rowGroupRows";
    static final String ROW_GROUP_BYTES = "rowGroupBytes";
    static final String SYNC = "sync";
    /** How Spark names the output directory of a dynamic partition overwrite (FileCommitProtocol.getStagingDir). */
    static final String SPARK_STAGING_PREFIX = ".spark-staging-";

    private AlbisWrites() {}

    public static OutputWriterFactory prepare(Job job, Map<String, String> options, StructType dataSchema) {
        SparkTypes.toAlbis(dataSchema); // names the first column Albis cannot hold
        long now = System.currentTimeMillis();
        Configuration conf = job.getConfiguration();
        SparkWriteJob write = new SparkWriteJob(TableLayout.newJobId(now), now, dataSchema.json(), writerOptions(options),
                stagingRoot(conf) != null);
        write.store(conf);
        conf.setClass(OUTPUT_COMMITTER_CLASS, AlbisOutputCommitter.class, OutputCommitter.class);
        return new AlbisOutputWriterFactory();
    }

    /**
     * The table directory when Spark runs a dynamic partition overwrite, else null. Spark says so
     * only by making the job's output directory {@code <table>/.spark-staging-<uuid>}; with the
     * albis committer nothing is staged there, the tasks write into the partitions themselves.
     */
    static org.apache.hadoop.fs.Path stagingRoot(Configuration conf) {
        String dir = conf.get(org.apache.hadoop.mapreduce.lib.output.FileOutputFormat.OUTDIR);
        if (dir == null) {
            return null;
        }
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(dir);
        return p.getName().startsWith(SPARK_STAGING_PREFIX) ? p.getParent() : null;
    }

    /** The writer options the source's options name; the rest are the defaults. */
    static WriterOptions writerOptions(Map<String, String> options) {
        WriterOptions w = WriterOptions.defaults();
        for (Map.Entry<String, String> e : options.entrySet()) {
            String value = e.getValue();
            String key = e.getKey();
            if (key.equalsIgnoreCase(SEGMENT_SIZE)) {
                try {
                    w = w.withSegmentSize((int) Math.min(Integer.MAX_VALUE, bytes(SEGMENT_SIZE, value)));
                } catch (InvalidOptionException bad) {
                    throw new InvalidOptionException("option " + SEGMENT_SIZE + ": " + bad.getMessage());
                }
            } else if (key.equalsIgnoreCase(ROW_GROUP_ROWS)) {
                w = w.withRowGroupRows(positive(ROW_GROUP_ROWS, value));
            } else if (key.equalsIgnoreCase(ROW_GROUP_BYTES)) {
                w = w.withRowGroupBytes(bytes(ROW_GROUP_BYTES, value));
            } else if (key.equalsIgnoreCase(SYNC)) {
                w = w.withSync(bool(SYNC, value));
            }
            // anything else is Spark's own (path, maxRecordsPerFile, ...) and passes through
        }
        return w;
    }

    /** A byte count: digits with an optional k, m or g (powers of 1024), as the CLI takes sizes. */
    static long bytes(String option, String v) {
        String s = v.trim().toLowerCase(Locale.ROOT);
        long unit = 1;
        if (s.endsWith("k") || s.endsWith("m") || s.endsWith("g")) {
            unit = switch (s.charAt(s.length() - 1)) {
                case 'k' -> 1L << 10;
                case 'm' -> 1L << 20;
                default -> 1L << 30;
            };
            s = s.substring(0, s.length() - 1);
        }
        long n = positive(option, s);
        if (n > Long.MAX_VALUE / unit) {
            throw new InvalidOptionException("option " + option + "=" + v + " is too large");
        }
        return n * unit;
    }

    static long positive(String option, String v) {
        long n;
        try {
            n = Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new InvalidOptionException("option " + option + " must be a positive whole number, got '" + v + "'");
        }
        if (n < 1) {
            throw new InvalidOptionException("option " + option + " must be at least 1, got " + v);
        }
        return n;
    }

    static boolean bool(String option, String v) {
        return switch (v.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new InvalidOptionException("option " + option + " must be true or false, got '" + v + "'");
        };
    }
}
