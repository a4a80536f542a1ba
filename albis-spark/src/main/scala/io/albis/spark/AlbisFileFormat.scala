package io.albis.spark

import io.albis.storage.Storages
import io.albis.table.AlbisTable
import org.apache.hadoop.conf.Configuration
import org.apache.hadoop.fs.{FileStatus, Path}
import org.apache.hadoop.mapreduce.Job
import org.apache.spark.TaskContext
import org.apache.spark.sql.SparkSession
import org.apache.spark.sql.catalyst.InternalRow
import org.apache.spark.sql.execution.datasources.{FileFormat, OutputWriterFactory, PartitionedFile}
import org.apache.spark.sql.internal.SQLConf
import org.apache.spark.sql.sources.{DataSourceRegister, Filter}
import org.apache.spark.sql.types.{DataType, StructType}

import scala.jdk.CollectionConverters._

/**
 * The `albis` source as a Spark V1 `FileFormat`: the path Spark takes for writes, catalog tables,
 * `INSERT` and reads of sources listed in `spark.sql.sources.useV1SourceList`.
 *
 * An Albis table is a directory (docs/FORMAT.md §1); each `key=value` directory of a partitioned
 * table is one. Spark lists the files of its row groups and plans a task per file; the data file of
 * a row group's first column group reads the whole row group, the others nothing
 * ([[RowGroupFile]]), so a row group is never split. Only the row groups of the table state that
 * was the table when the query was planned are read ([[RowGroupRows]]).
 */
class AlbisFileFormat extends FileFormat with DataSourceRegister with Serializable {

  override def shortName(): String = AlbisFileFormat.ShortName

  override def toString: String = "Albis"

  override def inferSchema(
      spark: SparkSession,
      options: Map[String, String],
      files: Seq[FileStatus]): Option[StructType] =
    AlbisFileFormat.schemaOf(files, options.get("path"), options.asJava)

  override def supportDataType(dataType: DataType): Boolean = SparkTypes.supports(dataType)

  override def isSplitable(spark: SparkSession, options: Map[String, String], path: Path): Boolean = false

  override def prepareWrite(
      spark: SparkSession,
      job: Job,
      options: Map[String, String],
      dataSchema: StructType): OutputWriterFactory =
    AlbisWrites.prepare(job, options.asJava, dataSchema)

  /** Batches ([[ColumnarReads]]); Spark has already checked codegen and the number of fields. */
  override def supportBatch(spark: SparkSession, schema: StructType): Boolean =
    ColumnarReads.enabled(spark.sessionState.conf)

  override def vectorTypes(
      requiredSchema: StructType,
      partitionSchema: StructType,
      sqlConf: SQLConf): Option[Seq[String]] =
    Some(ColumnarReads.vectorTypes(requiredSchema, partitionSchema))

  /**
   * Rows, or batches cast as rows when the scan said it takes batches
   * (`FileFormat.OPTION_RETURNING_BATCH`, as Parquet's V1 reader returns them).
   */
  override def buildReaderWithPartitionValues(
      spark: SparkSession,
      dataSchema: StructType,
      partitionSchema: StructType,
      requiredSchema: StructType,
      filters: Seq[Filter],
      options: Map[String, String],
      hadoopConf: Configuration): PartitionedFile => Iterator[InternalRow] = {
    // Runs on the driver: every task reads the snapshot that was the table now, or the state the options name.
    val asOf = TableAsOf.of(options.asJava, System.currentTimeMillis())
    val batches = options.get(FileFormat.OPTION_RETURNING_BATCH).exists(_.toBoolean)
    (file: PartitionedFile) => {
      val rowGroup = RowGroupFile.of(file.toPath)
      if (rowGroup == null) {
        Iterator.empty
      } else {
        if (batches) {
          val values = RowGroupBatches.open(rowGroup, asOf, requiredSchema, partitionSchema,
            file.partitionValues, filters.toArray)
          closeWithTask(values)
          values.asScala.asInstanceOf[Iterator[InternalRow]]
        } else {
          val values = RowGroupRows.open(rowGroup, asOf, requiredSchema, partitionSchema, file.partitionValues,
            filters.toArray)
          closeWithTask(values)
          values.asScala
        }
      }
    }
  }

  private def closeWithTask(values: java.io.Closeable): Unit =
    Option(TaskContext.get()).foreach(_.addTaskCompletionListener[Unit](_ => values.close()))

  override def hashCode(): Int = getClass.hashCode()

  override def equals(other: Any): Boolean = other.isInstanceOf[AlbisFileFormat]
}

object AlbisFileFormat {
  val ShortName = "albis"

  /**
   * The Spark schema of the table the files belong to (the first one's: the partitions of a
   * table share one), or of the table at `path` when there are no files (a table without rows):
   * the schema of its latest state, or of the state the read options name ([[TableAsOf]]).
   */
  def schemaOf(files: Seq[FileStatus], path: Option[String], options: java.util.Map[String, String]): Option[StructType] = {
    val tables = files.iterator.flatMap(f => Option(RowGroupFile.of(f.getPath))).map(_.table)
    val fromPath = path.map(p => RowGroupFile.storagePath(new Path(p)))
    val asOf = TableAsOf.of(options, System.currentTimeMillis())
    tables.nextOption().orElse(fromPath).map { table =>
      val storage = Storages.forPath(table)
      val snapshot = if (asOf.pinned()) AlbisTable.open(storage, table, asOf.stateVersion()) else AlbisTable.open(storage, table)
      SparkTypes.toSpark(snapshot.schema().fields())
    }
  }
}
