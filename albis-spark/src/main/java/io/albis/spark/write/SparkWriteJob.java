package io.albis.spark.write;

import io.albis.error.InvalidOptionException;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.spark.table.SourceOptions;
import io.albis.spark.table.TableSnapshot;
import io.albis.spark.types.SparkTypes;
import io.albis.storage.Storage;
import io.albis.storage.Storages;
import io.albis.table.Retention;
import io.albis.table.WriteMode;
import io.albis.write.CommitPlan;
import io.albis.write.JobDescriptor;
import io.albis.write.WriteJob;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * One Spark V1 write as one Albis write job (docs/FORMAT.md §11) on the output directory, which is
 * one table whether the write is partitioned or not: the tasks write row groups into the partition
 * directories Spark names, all of an attempt in one task commit, and the job's commit publishes
 * every partition's rows in one table state. The driver begins the job ({@link #begin}); tasks and
 * the committer know it by its {@link JobDescriptor}, which Spark ships to them in the Hadoop
 * configuration ({@link #store}, {@link #of}).
 *
 * @param job         the Albis job: the table (the output directory), what its commit does
 * @param sparkSchema the rows' schema as Spark's JSON, from which every task builds the same row writer
 * @param order       the order each task gives the rows of every output file ({@link SortedOutputWriter})
 */
record SparkWriteJob(JobDescriptor job, String sparkSchema, WriteOrder order) {

    private static final String JOB = "albis.write.job";
    private static final String SCHEMA = "albis.write.schema";
    private static final String ORDER = "albis.write.order";

    /**
     * Begins the job of writing rows of {@code dataSchema} into {@code root}: the job that creates
     * the table when there is none yet (its partition columns and the source's write options
     * recorded as its properties), else an append, or with {@code overwriteWrittenPartitions}
     * (Spark's dynamic partition overwrite) a job whose commit replaces the rows of the partitions
     * it wrote. Refuses, before anything is written, a bad option, rows of other columns than the
     * table's, partition columns other than the table's, a sort order the rows cannot take
     * ({@link WriteOrder}; {@code sortScope} {@code global} among them: Spark hands a V1 source the
     * rows as the query partitioned them), and a directory of per-partition tables.
     */
    static SparkWriteJob begin(String root, boolean overwriteWrittenPartitions, Map<String, String> options,
            StructType dataSchema) throws IOException {
        List<Field> rows = SparkTypes.toAlbis(dataSchema); // names the first column Albis cannot hold
        AlbisWrites.check(options);
        refuseTablePerPartition(root);
        WriteColumnGroups.decide(options, rows, root);
        WritePartitioning partitions = WritePartitioning.of(options, root);
        partitions.check(root);
        WriteOrder order = AlbisWrites.order(root, options, dataSchema, partitions.names());
        if (order.global() && SourceOptions.value(options, WriteOrder.SORT_SCOPE) != null) {
            throw new InvalidOptionException("option " + WriteOrder.SORT_SCOPE + ": a path write sorts the rows of each"
                    + " task, as the query partitioned them; Spark does not let the albis source repartition them."
                    + " Call repartitionByRange on the sort columns before the write (each task then holds one range),"
                    + " or write a catalog table");
        }
        WriteJob write = AlbisWrites.beginCreate(root, dataSchema, partitions.types(), AlbisWrites.tableOptions(options));
        if (write == null) {
            WriteMode mode = overwriteWrittenPartitions ? WriteMode.OVERWRITE_WRITTEN_PARTITIONS : WriteMode.APPEND;
            write = WriteJob.begin(Storages.forPath(root), root, CommitPlan.of(mode),
                    AlbisWrites.writerOptions(options, dataSchema, partitions.types()), Retention.DEFAULT);
        }
        return new SparkWriteJob(write.descriptor(), dataSchema.json(), order);
    }

    /**
     * Refuses to write into a directory laid out as partitioned writes laid tables out before one
     * table state covered every partition: no table of its own, a table in each {@code key=value}
     * directory. Its rows stay readable; a write would have to go partition table by partition
     * table and could not commit as one.
     */
    private static void refuseTablePerPartition(String root) throws IOException {
        Storage storage = Storages.forPath(root);
        if (storage.isDirectory(root) && !TableSnapshot.isTableDirectory(storage, root) && TableSnapshot.exists(root)) {
            throw new InvalidOptionException(root + " holds a table per key=value directory, as partitioned tables were"
                    + " written before format 5.0; a write makes one table of all partitions, so overwrite it (mode"
                    + " overwrite writes one table in its place) or copy its rows into a new path");
        }
    }

    StructType sparkType() {
        return (StructType) DataType.fromJson(sparkSchema);
    }

    /** Puts the job into the configuration Spark ships to its tasks and hands its committer. */
    void store(Configuration conf) {
        conf.set(JOB, serialized(job));
        conf.set(SCHEMA, sparkSchema);
        conf.set(ORDER, serialized(order));
    }

    private static String serialized(Serializable value) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Base64.getEncoder().encodeToString(bytes.toByteArray());
    }

    private static Object deserialized(String text) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(Base64.getDecoder().decode(text)))) {
            return in.readObject();
        }
    }

    /** The job {@link #store} put into {@code conf}. */
    static SparkWriteJob of(Configuration conf) {
        String job = conf.get(JOB);
        if (job == null) {
            throw new IllegalStateException("no Albis write job in the Hadoop configuration: the albis source's"
                    + " committer runs only in jobs the albis source prepared");
        }
        try {
            return new SparkWriteJob((JobDescriptor) deserialized(job), conf.get(SCHEMA),
                    (WriteOrder) deserialized(conf.get(ORDER)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("the Albis write job in the Hadoop configuration cannot be read", e);
        }
    }

    /**
     * Whether rows of {@code rows} can be written to a table of schema {@code table}: the same
     * top-level names and types in the same order. Nullability may differ (Spark often calls
     * columns nullable that hold no nulls); a null for a column that refuses nulls fails its row.
     */
    static boolean sameColumns(Schema table, Schema rows) {
        List<Field> a = table.fields();
        List<Field> b = rows.fields();
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
