package io.albis.spark.write;

import io.albis.error.InvalidOptionException;
import io.albis.schema.Field;
import io.albis.spark.table.HadoopPaths;
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
 * The driver's side of Spark writes to Albis: for the V1 path ({@code FileFormat.prepareWrite})
 * it begins the Albis job ({@link SparkWriteJob}) and puts it into the job's configuration with the
 * committer that commits it ({@link AlbisOutputCommitter}); it creates and truncates tables, and
 * reads the write options.
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
    /** The columns whose segments keep bloom filters, and their false-positive rate ({@link WriteBloomFilters}). */
    public static final String BLOOM_FILTER_COLUMNS = WriteBloomFilters.COLUMNS;
    public static final String BLOOM_FILTER_FPP = WriteBloomFilters.FPP;
    /** How Spark names the output directory of a dynamic partition overwrite (FileCommitProtocol.getStagingDir). */
    static final String SPARK_STAGING_PREFIX = ".spark-staging-";

    private AlbisWrites() {}

    /**
     * Begins the Albis job of a Spark V1 write (a path write in any save mode, {@code partitionBy}
     * and dynamic partition overwrite included) and names its committer in the job's configuration;
     * refuses bad options, rows the table cannot take and a directory of per-partition tables
     * before anything is written ({@link SparkWriteJob#begin}).
     */
    public static OutputWriterFactory prepare(Job job, Map<String, String> options, StructType dataSchema)
            throws IOException {
        Configuration conf = job.getConfiguration();
        SparkWriteJob write = SparkWriteJob.begin(outputRoot(conf), stagingRoot(conf) != null, options, dataSchema);
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
     * The property edit of a write that replaces a table's columns: its partition columns
     * ({@link #partitionColumnsChange}), and the sort order the write's {@code options} name, or
     * none (an order of the old columns does not carry over to new ones).
     */
    static io.albis.table.PropertyChange replacedColumnsChange(StructType partitionSchema, Map<String, String> options) {
        io.albis.table.PropertyChange partitions = partitionColumnsChange(partitionSchema);
        Map<String, String> set = new java.util.HashMap<>(partitions.set());
        java.util.Set<String> remove = new java.util.HashSet<>(partitions.remove());
        for (String key : List.of(WriteOrder.SORT_BY, WriteOrder.SORT_SCOPE)) {
            String value = SourceOptions.value(options, key);
            if (value != null) {
                set.put(key, value);
            } else {
                remove.add(key);
            }
        }
        return new io.albis.table.PropertyChange(set, remove);
    }

    /**
     * Makes {@code table} an Albis table of the columns {@code dataSchema} (its schema, with the
     * column groups the {@value #COLUMN_GROUPS} option names, else one group) and publishes its
     * first table state, without rows, with {@code properties} and its partition columns as table
     * properties; unless it is one already, whose columns must then be those. A sort order the
     * properties name ({@link WriteOrder}) must suit the columns.
     */
    public static void createTable(String table, StructType dataSchema, StructType partitionSchema,
            Map<String, String> properties) throws IOException {
        io.albis.write.WriteJob create = beginCreate(table, dataSchema, partitionSchema, properties);
        if (create != null) {
            create.commit();
        }
    }

    /**
     * Begins the job that creates {@code table} as {@link #createTable} describes: its commit
     * publishes the table's first state, with the rows the job's tasks wrote, and an abort leaves no
     * table. Null when {@code table} is a table already, whose columns must then be those.
     */
    static io.albis.write.WriteJob beginCreate(String table, StructType dataSchema, StructType partitionSchema,
            Map<String, String> properties) throws IOException {
        io.albis.storage.Storage storage = io.albis.storage.Storages.forPath(table);
        List<Field> fields = SparkTypes.toAlbis(dataSchema);
        if (!storage.isDirectory(table) || io.albis.table.SchemaStore.latestVersion(storage.list(table)) < 0) {
            WriteOrder.of(properties, Map.of(), dataSchema, List.of(partitionSchema.fieldNames())); // refuses a bad one
            io.albis.schema.Schema schema = newSchema(table, dataSchema, properties);
            Map<String, String> recorded = new java.util.TreeMap<>(properties);
            recorded.putAll(partitionColumnsChange(partitionSchema).set());
            io.albis.write.CommitPlan plan = io.albis.write.CommitPlan.of(io.albis.table.WriteMode.CREATE)
                    .withProperties(io.albis.table.PropertyChange.setting(recorded));
            try {
                return io.albis.write.WriteJob.create(storage, table, schema, plan,
                        writerOptions(properties, dataSchema, partitionSchema), io.albis.table.Retention.DEFAULT);
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
        return null;
    }

    /**
     * Refuses table properties that name a sort order ({@link WriteOrder}) the table at
     * {@code table} cannot take, before they are set ({@code ALTER TABLE … SET TBLPROPERTIES}).
     */
    public static void checkOrder(String table, Map<String, String> properties) throws IOException {
        io.albis.storage.Storage storage = io.albis.storage.Storages.forPath(table);
        StructType data = SparkTypes.toSpark(io.albis.table.SchemaStore.read(storage, table).fields());
        StructType partitions = partitionColumns(io.albis.table.TableProperties.of(storage, table));
        WriteOrder.of(properties, Map.of(), data, List.of(partitions.fieldNames()));
    }

    /**
     * The task writers of rows written as the tasks of {@code job} outside a Spark write command
     * (a rewrite of a table's rows): task {@code k} writes its rows, the stored columns
     * {@code data} then the partition columns {@code partitions}, as task {@code k} of the job, each
     * into the partition directory its values name in {@code timeZone}; the rows of one partition
     * come together. The caller commits the job.
     */
    public static org.apache.spark.sql.connector.write.DataWriterFactory taskWriters(io.albis.write.JobDescriptor job,
            StructType data, StructType partitions, String timeZone) {
        return new RowGroupDataWriter.Factory(job, data.json(), partitions.json(), timeZone);
    }

    /** Replaces every row of {@code table} by none, in one commit (Spark's {@code TRUNCATE TABLE}, an empty replace). */
    public static void truncate(String table) throws IOException {
        io.albis.storage.Storage storage = io.albis.storage.Storages.forPath(table);
        io.albis.write.WriteJob.begin(storage, table, io.albis.table.WriteMode.OVERWRITE, WriterOptions.defaults())
                .commit();
    }

    /**
     * Refuses a bad value of a write option, naming the option, before a job starts: the writer
     * options and the syntax of the column groups (their columns, and those of the bloom filters,
     * are checked when the job begins).
     */
    public static void check(Map<String, String> options) {
        writerOptions(options);
        WriteBloomFilters.check(options);
        String groups = SourceOptions.value(options, COLUMN_GROUPS);
        if (groups != null) {
            WriteColumnGroups.parse(groups);
        }
        WriteOrder.check(options);
    }

    /**
     * The order of a write of rows with stored columns {@code data} (and {@code partitionColumns}
     * beside them) into {@code table}: the one its {@code options} name, else the one the table's
     * latest state records in its properties ({@link WriteOrder#of}); none for a table not made yet
     * whose options name none.
     */
    static WriteOrder order(String table, Map<String, String> options, StructType data, List<String> partitionColumns) {
        Map<String, String> properties;
        try {
            io.albis.storage.Storage storage = io.albis.storage.Storages.forPath(table);
            properties = storage.isDirectory(table) ? io.albis.table.TableProperties.of(storage, table) : Map.of();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot read the properties of " + table, e);
        }
        return WriteOrder.of(options, properties, data, partitionColumns);
    }

    /**
     * Refuses, naming the property, bloom filter properties ({@value #BLOOM_FILTER_COLUMNS},
     * {@value #BLOOM_FILTER_FPP}) among {@code set} that the table at {@code table} cannot take: a
     * rate out of range, a column it does not store.
     */
    public static void checkBloomFilters(String table, Map<String, String> set) throws IOException {
        if (SourceOptions.value(set, BLOOM_FILTER_COLUMNS) == null && SourceOptions.value(set, BLOOM_FILTER_FPP) == null) {
            return;
        }
        io.albis.storage.Storage storage = io.albis.storage.Storages.forPath(table);
        WriteBloomFilters.check(set, io.albis.table.SchemaStore.read(storage, table),
                partitionColumns(io.albis.table.TableProperties.of(storage, table)));
    }

    /**
     * The directory a V1 write job writes: Spark's output directory, or the table whose partitions a
     * dynamic overwrite replaces ({@link #stagingRoot}), as the storage layer names it.
     */
    static String outputRoot(Configuration conf) {
        String dir = conf.get(org.apache.hadoop.mapreduce.lib.output.FileOutputFormat.OUTDIR);
        if (dir == null) {
            throw new IllegalStateException("the write job has no output directory ("
                    + org.apache.hadoop.mapreduce.lib.output.FileOutputFormat.OUTDIR + ")");
        }
        org.apache.hadoop.fs.Path staged = stagingRoot(conf);
        return HadoopPaths.storagePath(staged != null ? staged : new org.apache.hadoop.fs.Path(dir));
    }

    /**
     * The table directory when Spark runs a dynamic partition overwrite, else null. Spark says so
     * only by making the job's output directory {@code <table>/.spark-staging-<uuid>}; with the
     * albis committer nothing is staged there: Spark names the files of a committer that is not a
     * file output committer below the table itself, so the tasks write into the table's partitions.
     */
    static org.apache.hadoop.fs.Path stagingRoot(Configuration conf) {
        String dir = conf.get(org.apache.hadoop.mapreduce.lib.output.FileOutputFormat.OUTDIR);
        if (dir == null) {
            return null;
        }
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(dir);
        return p.getName().startsWith(SPARK_STAGING_PREFIX) ? p.getParent() : null;
    }

    /**
     * The options of a write that a table it creates records as its properties: the albis source's
     * own write options as given (Spark's, such as {@code path} or {@code maxRecordsPerFile}, are
     * the write's, not the table's), as a catalog table records the options it was created with.
     */
    static Map<String, String> tableOptions(Map<String, String> options) {
        Map<String, String> out = new java.util.TreeMap<>();
        for (String name : List.of(SEGMENT_SIZE, ROW_GROUP_ROWS, ROW_GROUP_BYTES, SYNC, COLUMN_GROUPS,
                WriteOrder.SORT_BY, WriteOrder.SORT_SCOPE, BLOOM_FILTER_COLUMNS, BLOOM_FILTER_FPP)) {
            String value = SourceOptions.value(options, name);
            if (value != null) {
                out.put(name, value);
            }
        }
        return out;
    }

    /**
     * The writer options the source's options name for rows of {@code dataSchema} under the partition
     * columns {@code partitionSchema}, bloom filters included; the rest are the defaults. A bad value
     * is refused naming the option.
     */
    static WriterOptions writerOptions(Map<String, String> options, StructType dataSchema, StructType partitionSchema) {
        return WriteBloomFilters.apply(writerOptions(options), options, dataSchema, partitionSchema);
    }

    /** The writer options but the bloom filters, whose columns need the rows' schema. */
    static WriterOptions writerOptions(Map<String, String> options) {
        // columnGroups is WriteColumnGroups', the bloom filters WriteBloomFilters'; anything else is
        // Spark's own (path, maxRecordsPerFile, ...)
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
