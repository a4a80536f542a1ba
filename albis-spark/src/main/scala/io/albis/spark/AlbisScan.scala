package io.albis.spark

import org.apache.hadoop.fs.FileStatus
import org.apache.spark.sql.SparkSession
import org.apache.spark.sql.catalyst.InternalRow
import org.apache.spark.sql.catalyst.expressions.Expression
import org.apache.spark.sql.connector.catalog.Table
import org.apache.spark.sql.connector.read.{PartitionReader, PartitionReaderFactory, Scan}
import org.apache.spark.sql.connector.write.{LogicalWriteInfo, WriteBuilder}
import org.apache.spark.sql.execution.datasources.{FileFormat, FilePartition, PartitionedFile, PartitioningAwareFileIndex}
import org.apache.spark.sql.execution.datasources.v2.{FileDataSourceV2, FilePartitionReaderFactory, FileScan, FileScanBuilder, FileTable}
import org.apache.spark.sql.catalyst.FileSourceOptions
import org.apache.spark.sql.types.{DataType, StructType}
import org.apache.spark.sql.sources.Filter
import org.apache.spark.sql.albis.FilterTranslation
import org.apache.spark.sql.util.CaseInsensitiveStringMap

import scala.jdk.CollectionConverters._

/**
 * A scan of the row groups of the snapshot that was the table when it was planned: one task for
 * each row group (the paper's rule), never two in one task, never one split.
 */
case class AlbisScan(
    sparkSession: SparkSession,
    fileIndex: PartitioningAwareFileIndex,
    dataSchema: StructType,
    readDataSchema: StructType,
    readPartitionSchema: StructType,
    options: CaseInsensitiveStringMap,
    pushedFilters: Array[Filter],
    partitionFilters: Seq[Expression],
    dataFilters: Seq[Expression],
    plannedAt: Long)
  extends FileScan {

  override def getMetaData(): Map[String, String] =
    super.getMetaData() ++ Map("PushedFilters" -> seqToString(pushedFilters.toSeq))

  override def isSplitable(path: org.apache.hadoop.fs.Path): Boolean = false

  override def partitions: Seq[FilePartition] = {
    val readers = super.partitions.flatMap(_.files.toSeq)
      .filter(f => RowGroupRows.readsRowGroup(RowGroupFile.of(f.toPath), plannedAt))
    readers.zipWithIndex.map { case (file, i) => FilePartition(i, Array(file)) }
  }

  /** Whether the scan hands Spark batches ([[ColumnarReads.batchScan]]), decided once, when it is planned. */
  private lazy val columnar = ColumnarReads.batchScan(sparkSession.sessionState.conf, readSchema())

  /** Every partition is read the same way, so Spark need not ask the reader factory for each. */
  override def columnarSupportMode(): Scan.ColumnarSupportMode =
    if (columnar) Scan.ColumnarSupportMode.SUPPORTED else Scan.ColumnarSupportMode.UNSUPPORTED

  override def createReaderFactory(): PartitionReaderFactory =
    AlbisReaderFactory(readDataSchema, readPartitionSchema, pushedFilters, plannedAt, columnar,
      new FileSourceOptions(options.asCaseSensitiveMap.asScala.toMap))

  override def equals(other: Any): Boolean = other match {
    case s: AlbisScan => super.equals(s) && plannedAt == s.plannedAt && equivalentFilters(pushedFilters, s.pushedFilters)
    case _ => false
  }

  override def hashCode(): Int = getClass.hashCode()
}
