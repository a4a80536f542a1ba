package io.albis.spark.read

import io.albis.spark.table.HadoopPaths
import io.albis.spark.types.SparkTypes
import io.albis.storage.Storages
import io.albis.table.AlbisTable
import org.apache.hadoop.fs.{FileStatus, Path}
import org.apache.spark.TaskContext
import org.apache.spark.sql.catalyst.InternalRow
import org.apache.spark.sql.execution.datasources.{FileFormat, PartitionedFile}
import org.apache.spark.sql.sources.Filter
import org.apache.spark.sql.types.StructType

import scala.jdk.CollectionConverters._

/**
 * The read side of the V1 `FileFormat` (`io.albis.spark.AlbisFileFormat`) and the schema both
 * APIs infer. Spark lists the files of a table's row groups and plans a task per file; the data
 * file of a row group's first column group reads the whole row group, the others nothing
 * ([[RowGroupFile]]), so a row group is never split. Only the row groups of the table state that
 * was the table when the query was planned are read ([[RowGroupRows]]).
 */
object FileReads {
  /**
   * The function that reads one listed file: rows, or batches cast as rows when the scan said it
   * takes batches (`FileFormat.OPTION_RETURNING_BATCH`, as Parquet's V1 reader returns them).
   */
  def reader(
      partitionSchema: StructType,
      requiredSchema: StructType,
      filters: Seq[Filter],
      options: Map[String, String]): PartitionedFile => Iterator[InternalRow] = {
    // Runs on the driver: every task reads the snapshot that was the table now, or the state the options name.
    val asOf = TableAsOf.of(options.asJava, System.currentTimeMillis())
    val batches = options.get(FileFormat.OPTION_RETURNING_BATCH).exists(_.toBoolean)
    val tables = new java.util.concurrent.ConcurrentHashMap[String, String]()
    (file: PartitionedFile) => {
      val rowGroup = RowGroupFile.listed(file.toPath, tables)
      if (rowGroup == null) {
        Iterator.empty
      } else {
        if (batches) {
          val values = RowGroupBatches.open(rowGroup, asOf, requiredSchema, partitionSchema,
            file.partitionValues, filters.toArray, MetadataColumns.Request.NONE)
          closeWithTask(values)
          values.asScala.asInstanceOf[Iterator[InternalRow]]
        } else {
          val values = RowGroupRows.open(rowGroup, asOf, requiredSchema, partitionSchema, file.partitionValues,
            filters.toArray, MetadataColumns.Request.NONE)
          closeWithTask(values)
          values.asScala
        }
      }
    }
  }

  private def closeWithTask(values: java.io.Closeable): Unit =
    Option(TaskContext.get()).foreach(_.addTaskCompletionListener[Unit](_ => values.close()))

  /**
   * The Spark schema of the table the files belong to (the first one's: the partitions of a
   * table share one), or of the table at `path` when there are no files (a table without rows):
   * the schema of its latest state, or of the state the read options name ([[TableAsOf]]).
   */
  def schemaOf(files: Seq[FileStatus], path: Option[String], options: java.util.Map[String, String]): Option[StructType] = {
    val known = new java.util.HashMap[String, String]()
    val tables = files.iterator.flatMap(f => Option(RowGroupFile.listed(f.getPath, known))).map(_.table)
    val fromPath = path.map(p => HadoopPaths.storagePath(new Path(p)))
    val asOf = TableAsOf.of(options, System.currentTimeMillis())
    tables.nextOption().orElse(fromPath).map { table =>
      val storage = Storages.forPath(table)
      val snapshot = if (asOf.pinned()) AlbisTable.open(storage, table, asOf.stateVersion()) else AlbisTable.open(storage, table)
      SparkTypes.toSpark(snapshot.schema().fields())
    }
  }
}
