package io.albis.spark.read

import io.albis.spark.table.TableSnapshot
import org.apache.hadoop.fs.{FileStatus, Path}
import org.apache.spark.sql.SparkSession
import org.apache.spark.sql.catalyst.InternalRow
import org.apache.spark.sql.albis.PartitionPredicates
import org.apache.spark.sql.catalyst.expressions.Expression
import org.apache.spark.sql.execution.datasources.{FileStatusWithMetadata, PartitionDirectory, PartitionSpec, PartitioningAwareFileIndex}
import org.apache.spark.sql.types.StructType

import scala.collection.mutable
import scala.jdk.CollectionConverters._

/**
 * The row groups of one [[TableSnapshot]] as the files Spark's file scan plans over: one file per
 * row group (the data file of its first column group, which reads the whole row group), taken from
 * the table state instead of a directory listing, so a scan sees exactly the snapshot's row groups
 * and nothing a concurrent writer adds. Partition values come from each row group's partition
 * directory, typed by `partitionTypes` where the table records them, else inferred as Spark infers
 * them from paths.
 *
 * Each file carries its table's directory as metadata ([[SnapshotFileIndex.TableKey]]): the row
 * groups of a partitioned table sit in partition directories below the table that lists them.
 */
class SnapshotFileIndex(
    sparkSession: SparkSession,
    options: Map[String, String],
    val rootPath: Path,
    val snapshot: TableSnapshot,
    val partitionTypes: Option[StructType])
  extends PartitioningAwareFileIndex(sparkSession, options, partitionTypes) {

  /** A row group's file and the table it belongs to. */
  private val files: Seq[(FileStatus, TableSnapshot.RowGroup)] = snapshot.rowGroups.asScala.toSeq.map { rg =>
    val path = new Path(rootPath.toString + rg.dataFile.substring(snapshot.root.length))
    (new FileStatus(math.max(rg.rows, 1L), false, 1, 0, 0, path), rg)
  }

  override protected val leafFiles: mutable.LinkedHashMap[Path, FileStatus] =
    mutable.LinkedHashMap(files.map { case (f, _) => f.getPath -> f }: _*)

  override protected val leafDirToChildrenFiles: Map[Path, Array[FileStatus]] =
    files.map(_._1).groupBy(_.getPath.getParent).map { case (dir, fs) => dir -> fs.toArray }

  private lazy val spec: PartitionSpec =
    if (snapshot.rowGroups.asScala.forall(_.partition.isEmpty)) PartitionSpec.emptySpec else inferPartitioning()

  override def partitionSpec(): PartitionSpec = spec

  override def rootPaths: Seq[Path] = Seq(rootPath)

  /** A snapshot does not change. */
  override def refresh(): Unit = ()

  override def allFiles(): Seq[FileStatus] = files.map(_._1)

  /**
   * Indexes of one snapshot of one table are equal, so that two scans of the same table in a query
   * are equal scans (Spark then reuses the work of one for the other, as it does for Parquet).
   */
  override def equals(other: Any): Boolean = other match {
    case i: SnapshotFileIndex =>
      rootPath == i.rootPath && snapshot == i.snapshot && partitionTypes == i.partitionTypes
    case _ => false
  }

  override def hashCode(): Int = rootPath.hashCode * 31 + snapshot.hashCode

  /** Each file's table, which Spark hands the task with the file. */
  private lazy val tableOf: Map[Path, String] = files.map { case (f, rg) => f.getPath -> rg.table }.toMap

  override def listFiles(partitionFilters: Seq[Expression], dataFilters: Seq[Expression]): Seq[PartitionDirectory] = {
    def withTable(fs: Seq[FileStatus]) =
      fs.map(f => FileStatusWithMetadata(f, Map(SnapshotFileIndex.TableKey -> tableOf(f.getPath))))
    if (partitionSchema.isEmpty) {
      return Seq(PartitionDirectory(InternalRow.empty, withTable(allFiles())))
    }
    val keep = partitionFilter(partitionFilters)
    spec.partitions.filter(p => keep(p.values)).map { p =>
      PartitionDirectory(p.values, withTable(leafDirToChildrenFiles.getOrElse(p.path, Array.empty[FileStatus]).toSeq))
    }
  }

  /** The partitions `filters` (on partition columns only, as Spark hands them to a file index) keep. */
  private def partitionFilter(filters: Seq[Expression]): InternalRow => Boolean =
    PartitionPredicates.bind(filters, partitionSchema, sparkSession.sessionState.conf.resolver).getOrElse(
      throw new IllegalArgumentException(s"partition filters name a column that is not a partition column: $filters"))

  /** The directories, relative to the root, of the partitions `keep` accepts. */
  def partitionsWhere(keep: InternalRow => Boolean): Seq[String] = {
    val root = rootPath.toString.stripSuffix("/") + "/"
    spec.partitions.filter(p => keep(p.values)).map(p => p.path.toString.stripPrefix(root))
  }
}

object SnapshotFileIndex {
  /** File metadata: the directory of the table whose state lists the row group (storage layer's name). */
  val TableKey = "albis_table"
}
