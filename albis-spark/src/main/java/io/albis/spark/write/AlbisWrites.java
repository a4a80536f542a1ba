package io.albis.spark.write;

import io.albis.error.InvalidOptionException;
import io.albis.layout.TableLayout;
import io.albis.schema.Field;
import io.albis.spark.table.SourceOptions;
import io.albis.spark.types.SparkTypes;
import io.albis.util.ByteSizes;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
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
    public static final String SEGMENT_SIZE = "segmentSize";
    public static final String ROW_GROUP_ROWS = "rowGroupRows";
    public static final String ROW_GROUP_BYTES = "rowGroupBytes";
    static final String SYNC = "sync";
    /** The column groups of the tables a write creates ({@link WriteColumnGroups}). */
    public static final String COLUMN_GROUPS = WriteColumnGroups.OPTION;
    /** How Spark names the output directory of a dynamic partition overwrite (FileCommitProtocol.getStagingDir). */
    static final String SPARK_STAGING_PREFIX = ".spark-staging-";

    private AlbisWrites() {}

    public static OutputWriterFactory prepare(Job job, Map<String, String> options, StructType dataSchema)
            throws IOException {
        List<Field> rows = SparkTypes.toAlbis(dataSchema); // names the first column Albis cannot hold
        long now = System.currentTimeMillis();
        Configuration conf = job.getConfiguration();
        WriterOptions writer = writerOptions(options);
        WriteColumnGroups columnGroups = WriteColumnGroups.decide(options, rows, OutputTables.root(conf));
        SparkWriteJob write = new SparkWriteJob(TableLayout.newJobId(now), now, dataSchema.json(), writer, columnGroups,
                stagingRoot(conf) != null);
        write.store(conf);
        conf.setClass(OUTPUT_COMMITTER_CLASS, AlbisOutputCommitter.class, OutputCommitter.class);
        return new AlbisOutputWriterFactory();
    }

    /** The table property that records a table's partition columns (a DDL column list), since its directories may not show them all. */
    public static final String PARTITION_COLUMNS = "albis.partitionColumns";

    /** The partition columns a table records in its properties ({@link #PARTITION_COLUMNS}); none if it records none. */
    public static StructType partitionColumns(Map<String, String> properties) {
        String ddl = properties.get(PARTITION_COLUMNS);
        return ddl == null ? new StructType() : StructType.fromDDL(ddl);
    }

    /** The schema of a table of {@code dataSchema}'s columns in the column groups the {@value #COLUMN_GROUPS} option names, else one. */
    static io.albis.schema.Schema newSchema(String table, StructType dataSchema, Map<String, String> options)
            throws IOException {
        List<Field> fields = SparkTypes.toAlbis(dataSchema);
        return WriteColumnGroups.decide(options, fields, table).layout().schemaOf(fields);
    }

    /** The property edit that records {@code partitionSchema} as a table's partition columns ({@link #PARTITION_COLUMNS}). */
    static io.albis.table.PropertyChange partitionColumnsChange(StructType partitionSchema) {
        return partitionSchema.length() > 0
                ? io.albis.table.PropertyChange.setting(Map.of(PARTITION_COLUMNS, partitionSchema.toDDL()))
                : io.albis.table.PropertyChange.removing(List.of(PARTITION_COLUMNS));
    }

    /**
     * Makes {@code table} an Albis table of the columns {@code dataSchema} (its schema, with the
     * column groups the {@value #COLUMN_GROUPS} option names, else one group) and publishes its
     * first table state, without rows, with {@code properties} and its partition columns as table
     * properties; unless it is one already, whose columns must then be those.
     */
    public static void createTable(String table, StructType dataSchema, StructType partitionSchema,
            Map<String, String> properties) throws IOException {
        io.albis.storage.Storage storage = io.albis.storage.Storages.forPath(table);
        List<Field> fields = SparkTypes.toAlbis(dataSchema);
        if (!storage.isDirectory(table) || io.albis.table.SchemaStore.latestVersion(storage.list(table)) < 0) {
            io.albis.schema.Schema schema = newSchema(table, dataSchema, properties);
            Map<String, String> recorded = new java.util.TreeMap<>(properties);
            recorded.putAll(partitionColumnsChange(partitionSchema).set());
            io.albis.write.CommitPlan plan = io.albis.write.CommitPlan.of(io.albis.table.WriteMode.CREATE)
                    .withProperties(io.albis.table.PropertyChange.setting(recorded));
            try {
                io.albis.write.WriteJob.create(storage, table, schema, plan, writerOptions(properties),
                        io.albis.table.Retention.DEFAULT).commit();
                return;
            } catch (java.util.ConcurrentModificationException raced) {
                // another writer created the table first: its columns are checked below
            }
        }
        io.albis.schema.Schema existing = io.albis.table.SchemaStore.read(storage, table);
        io.albis.schema.Schema written = io.albis.schema.Schema.builder().fields(fields).build();
        if (!SparkWriteJob.sameColumns(existing, written)) {
            throw new io.albis.error.SchemaMismatchException("cannot write to " + table + ": its schema is\n"
                    + existing + "but the rows have\n" + written);
        }
    }

    /** Replaces every row of {@code table} by none, in one commit (Spark's {@code TRUNCATE TABLE}, an empty replace). */
    public static void truncate(String table) throws IOException {
        io.albis.storage.Storage storage = io.albis.storage.Storages.forPath(table);
        io.albis.write.WriteJob.begin(storage, table, io.albis.table.WriteMode.OVERWRITE, WriterOptions.defaults())
                .commit();
    }

    /**
     * Refuses a bad value of a write option, naming the option, before a job starts: the writer
     * options and the syntax of the column groups (their columns are checked when the job writes).
     */
    public static void check(Map<String, String> options) {
        writerOptions(options);
        String groups = SourceOptions.value(options, COLUMN_GROUPS);
        if (groups != null) {
            WriteColumnGroups.parse(groups);
        }
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

    /** The writer options the source's options name; the rest are the defaults. A bad value is refused naming the option. */
    static WriterOptions writerOptions(Map<String, String> options) {
        // columnGroups is WriteColumnGroups'; anything else is Spark's own (path, maxRecordsPerFile, ...)
        WriterOptions w = WriterOptions.defaults();
        w = set(options, SEGMENT_SIZE, w, (o, v) -> o.withSegmentSize((int) Math.min(Integer.MAX_VALUE, ByteSizes.parse(v))));
        w = set(options, ROW_GROUP_ROWS, w, (o, v) -> o.withRowGroupRows(wholeNumber(v)));
        w = set(options, ROW_GROUP_BYTES, w, (o, v) -> o.withRowGroupBytes(ByteSizes.parse(v)));
        return set(options, SYNC, w, (o, v) -> o.withSync(bool(v)));
    }

    /** {@code w} with an option applied when it is given; a bad value is refused naming the option. */
    private static WriterOptions set(Map<String, String> options, String option, WriterOptions w,
            BiFunction<WriterOptions, String, WriterOptions> apply) {
        String value = SourceOptions.value(options, option);
        if (value == null) {
            return w;
        }
        try {
            return apply.apply(w, value);
        } catch (InvalidOptionException bad) {
            throw new InvalidOptionException("option " + option + ": " + bad.getMessage());
        }
    }

    private static long wholeNumber(String v) {
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new InvalidOptionException("'" + v + "' is not a whole number");
        }
    }

    private static boolean bool(String v) {
        return switch (v.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new InvalidOptionException("'" + v + "' is neither true nor false");
        };
    }
}
