package io.albis.spark.read

import org.apache.spark.sql.catalyst.FileSourceOptions
import org.apache.spark.sql.catalyst.InternalRow
import org.apache.spark.sql.catalyst.expressions.{JoinedRow, UnsafeProjection}
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation
import org.apache.spark.sql.connector.read.{InputPartition, PartitionReader}
import org.apache.spark.sql.execution.datasources.{AggregatePushDownUtils, PartitionedFile}
import org.apache.spark.sql.execution.datasources.v2.FilePartitionReaderFactory
import org.apache.spark.sql.sources.Filter
import org.apache.spark.sql.types.StructType
import org.apache.spark.sql.vectorized.ColumnarBatch

/**
 * Reads one row group per partition: through the columnar path ([[RowGroupBatches]]) when
 * `columnar` ([[ColumnarReads.batchScan]], decided once when the scan is planned), else the row
 * path ([[RowGroupRows]]); with a pushed aggregate, one row of the row group's aggregates.
 */
case class AlbisReaderFactory(
    readDataSchema: StructType,
    partitionSchema: StructType,
    filters: Array[Filter],
    aggregate: Option[Aggregation],
    asOf: TableAsOf,
    columnar: Boolean,
    options: FileSourceOptions,
    metadata: MetadataColumns.Request)
  extends FilePartitionReaderFactory {

  override def supportColumnarReads(partition: InputPartition): Boolean = columnar

  override def buildReader(file: PartitionedFile): PartitionReader[InternalRow] = aggregate match {
    case Some(a) => aggregateReader(file, a)
    case None =>
      AlbisReaderFactory.reader(RowGroupRows.open(RowGroupFile.of(file), asOf, readDataSchema,
        partitionSchema, file.partitionValues, filters, metadata))
  }

  override def buildColumnarReader(file: PartitionedFile): PartitionReader[ColumnarBatch] =
    AlbisReaderFactory.reader(RowGroupBatches.open(RowGroupFile.of(file), asOf, readDataSchema,
      partitionSchema, file.partitionValues, filters, metadata))

  /** One row: the group-by partition values, then the row group's aggregates from its metadata. */
  private def aggregateReader(file: PartitionedFile, a: Aggregation): PartitionReader[InternalRow] = {
    val values = RowGroupRows.aggregates(RowGroupFile.of(file), asOf, a.aggregateExpressions)
    val row: Option[InternalRow] = Option(values).map { v =>
      val full = if (a.groupByExpressions.nonEmpty) {
        new JoinedRow(AggregatePushDownUtils.reOrderPartitionCol(partitionSchema, a, file.partitionValues), v)
      } else {
        v
      }
      UnsafeProjection.create(readDataSchema).apply(full)
    }
    new PartitionReader[InternalRow] {
      private var left = row.isDefined

      override def next(): Boolean = {
        val more = left
        left = false
        more
      }

      override def get(): InternalRow = row.get

      override def close(): Unit = ()
    }
  }
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
