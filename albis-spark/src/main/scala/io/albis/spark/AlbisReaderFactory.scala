package io.albis.spark

import org.apache.hadoop.fs.FileStatus
import org.apache.spark.sql.SparkSession
import org.apache.spark.sql.catalyst.InternalRow
import org.apache.spark.sql.catalyst.expressions.Expression
import org.apache.spark.sql.connector.catalog.Table
import org.apache.spark.sql.connector.read.{InputPartition, PartitionReader, PartitionReaderFactory, Scan}
import org.apache.spark.sql.connector.write.{LogicalWriteInfo, WriteBuilder}
import org.apache.spark.sql.execution.datasources.{FileFormat, FilePartition, PartitionedFile, PartitioningAwareFileIndex}
import org.apache.spark.sql.execution.datasources.v2.{FileDataSourceV2, FilePartitionReaderFactory, FileScan, FileScanBuilder, FileTable}
import org.apache.spark.sql.catalyst.FileSourceOptions
import org.apache.spark.sql.types.{DataType, StructType}
import org.apache.spark.sql.sources.Filter
import org.apache.spark.sql.albis.FilterTranslation
import org.apache.spark.sql.util.CaseInsensitiveStringMap
import org.apache.spark.sql.vectorized.ColumnarBatch

import scala.jdk.CollectionConverters._

/**
 * Reads one row group per partition, through the columnar path ([[RowGroupBatches]]) when
 * `columnar` ([[ColumnarReads.batchScan]], decided once when the scan is planned), else the row
 * path ([[RowGroupRows]]).
 */
case class AlbisReaderFactory(
    readDataSchema: StructType,
    partitionSchema: StructType,
    filters: Array[Filter],
    plannedAt: Long,
    columnar: Boolean,
    options: FileSourceOptions)
  extends FilePartitionReaderFactory {

  override def supportColumnarReads(partition: InputPartition): Boolean = columnar

  override def buildReader(file: PartitionedFile): PartitionReader[InternalRow] =
    AlbisReaderFactory.reader(RowGroupRows.open(RowGroupFile.of(file.toPath), plannedAt, readDataSchema,
      partitionSchema, file.partitionValues, filters))

  override def buildColumnarReader(file: PartitionedFile): PartitionReader[ColumnarBatch] =
    AlbisReaderFactory.reader(RowGroupBatches.open(RowGroupFile.of(file.toPath), plannedAt, readDataSchema,
      partitionSchema, file.partitionValues, filters))
}

object AlbisReaderFactory {
  /** A partition reader over rows or batches; a value is valid until the next `next()`. */
  private def reader[T](values: java.util.Iterator[T] with java.io.Closeable): PartitionReader[T] =
    new PartitionReader[T] {
      private var current: T = _

      override def next(): Boolean = {
        val more = values.hasNext
        if (more) current = values.next()
        more
      }

      override def get(): T = current

      override def close(): Unit = values.close()
    }
}
