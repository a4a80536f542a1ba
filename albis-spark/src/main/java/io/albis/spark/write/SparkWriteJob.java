package io.albis.spark.write;

import io.albis.error.SchemaMismatchException;
import io.albis.layout.TableLayout;
import io.albis.schema.ColumnGroupSpec;
import io.albis.schema.Schema;
import io.albis.spark.table.StatesAsOf;
import io.albis.spark.types.SparkTypes;
import io.albis.storage.Storage;
import io.albis.storage.Storages;
import io.albis.table.Retention;
import io.albis.table.SchemaStore;
import io.albis.table.TableState;
import io.albis.table.TableStates;
import io.albis.table.WriteMode;
import io.albis.write.JobDescriptor;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.util.ConcurrentModificationException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * One Spark write job as Albis write jobs (docs/FORMAT.md §11), one per table it writes: the
 * output directory, or each {@code key=value} directory of a partitioned write, is a table.
 * Tasks and the driver know the job by this description, which Spark ships to them in the
 * Hadoop configuration, and derive every table's {@link JobDescriptor} from it alike
 * ({@link #descriptor}): the Albis job id is the Spark job's, the base state is the one that was
 * the table when the job started, and a table that does not exist yet is created (its schema
 * published) by whichever task reaches it first.
 *
 * @param jobId      20 hex digits (docs/FORMAT.md §1)
 * @param startedAt  when the driver began the job, milliseconds since the epoch
 * @param sparkSchema the rows' schema as Spark's JSON, from which every task builds the same Albis schema
 * @param columnGroups the column groups of the tables the job creates, and whether tables it writes
 *                   that exist already must have them
 * @param overwritePartitions Spark's dynamic partition overwrite: each table written (a partition)
 *                   gets the job's rows instead of its own, in one step; the others keep theirs
 */
record SparkWriteJob(String jobId, long startedAt, String sparkSchema, WriterOptions options,
        WriteColumnGroups columnGroups, boolean overwritePartitions) {

    private static final String PREFIX = "albis.write.";

    StructType sparkType() {
        return (StructType) DataType.fromJson(sparkSchema);
    }

    /** The schema of a table the job creates. */
    Schema schema() {
        return columnGroups.layout().schemaOf(SparkTypes.toAlbis(sparkType()));
    }

    /** Puts the job into the configuration Spark ships to its tasks and hands its committer. */
    void store(Configuration conf) {
        conf.set(PREFIX + "job", jobId);
        conf.setLong(PREFIX + "startedAt", startedAt);
        conf.set(PREFIX + "schema", sparkSchema);
        conf.setInt(PREFIX + "segmentSize", options.segmentSize());
        conf.setLong(PREFIX + "rowGroupRows", options.rowGroupRows());
        conf.setLong(PREFIX + "rowGroupBytes", options.rowGroupBytes());
        conf.setBoolean(PREFIX + "sync", options.sync());
        conf.set(PREFIX + "columnGroups", columnGroups.layout().toString());
        conf.setBoolean(PREFIX + "columnGroupsGiven", columnGroups.given());
        conf.setBoolean(PREFIX + "overwritePartitions", overwritePartitions);
    }

    /** The job {@link #store} put into {@code conf}. */
    static SparkWriteJob of(Configuration conf) {
        String id = conf.get(PREFIX + "job");
        if (id == null) {
            throw new IllegalStateException("no Albis write job in the Hadoop configuration: the albis source's"
                    + " committer runs only in jobs the albis source prepared");
        }
        WriterOptions options = new WriterOptions(conf.getInt(PREFIX + "segmentSize", 0),
                conf.getLong(PREFIX + "rowGroupRows", 0), conf.getLong(PREFIX + "rowGroupBytes", 0),
                conf.getBoolean(PREFIX + "sync", false));
        WriteColumnGroups columnGroups = new WriteColumnGroups(ColumnGroupSpec.parse(conf.get(PREFIX + "columnGroups")),
                conf.getBoolean(PREFIX + "columnGroupsGiven", false));
        return new SparkWriteJob(id, conf.getLong(PREFIX + "startedAt", 0), conf.get(PREFIX + "schema"), options,
                columnGroups, conf.getBoolean(PREFIX + "overwritePartitions", false));
    }

    /**
     * The job's descriptor for {@code table}, the same on every task and the driver. With
     * {@code create}, a table without a schema is created (directory and schema) and the job's
     * directory made in it, as a task does before it writes.
     */
    JobDescriptor descriptor(String table, boolean create) throws IOException {
        Storage storage = Storages.forPath(table);
        if (create) {
            storage.mkdirs(table);
        }
        Schema schema = schema();
        List<String> names = storage.list(table);
        int base = StatesAsOf.stateAsOf(storage, table, startedAt, false);
        WriteMode mode;
        int schemaVersion;
        if (base > 0) {
            TableState state = TableStates.read(storage, table, base);
            schemaVersion = state.schemaVersion();
            mode = overwritePartitions ? WriteMode.OVERWRITE : WriteMode.APPEND;
        } else {
            schemaVersion = SchemaStore.latestVersion(names);
            if (schemaVersion < 0) {
                if (!create) {
                    throw new IllegalStateException(table + " has no schema: the job wrote nothing there");
                }
                schemaVersion = 1;
                try {
                    SchemaStore.publish(storage, table, schema.withVersion(1));
                } catch (ConcurrentModificationException raced) {
                    // another task of this job created the table first; its schema is checked below
                }
            }
            mode = WriteMode.CREATE;
        }
        Schema existing = SchemaStore.read(storage, table, schemaVersion);
        if (!sameColumns(existing, schema)) {
            throw new SchemaMismatchException("cannot write to " + table + ": its schema is\n" + existing
                    + "but the rows have\n" + schema);
        }
        columnGroups.check(table, existing); // the driver checked too; a table may have been created since
        if (create) {
            storage.mkdirs(storage.resolve(table, TableLayout.jobDirName(jobId)));
        }
        return new JobDescriptor(table, jobId, mode, base, schemaVersion, options, Retention.DEFAULT);
    }

    /**
     * Whether rows of {@code rows} can be written to a table of schema {@code table}: the same
     * top-level names and types in the same order. Nullability may differ (Spark often calls
     * columns nullable that hold no nulls); a null for a column that refuses nulls fails its row.
     */
    static boolean sameColumns(Schema table, Schema rows) {
        List<io.albis.schema.Field> a = table.fields();
        List<io.albis.schema.Field> b = rows.fields();
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!a.get(i).name().equals(b.get(i).name()) || !a.get(i).type().equals(b.get(i).type())) {
                return false;
            }
        }
        return true;
    }
}
