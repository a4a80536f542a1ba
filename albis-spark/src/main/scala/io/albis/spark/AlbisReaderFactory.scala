package io.albis.spark

import org.apache.spark.sql.catalyst.FileSourceOptions
import org.apache.spark.sql.catalyst.InternalRow
import org.apache.spark.sql.catalyst.expressions.{JoinedRow, UnsafeProjection}
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation
import org.apache.spark.sql.connector.read.PartitionReader
import org.apache.spark.sql.execution.datasources.{AggregatePushDownUtils, PartitionedFile}
import org.apache.spark.sql.execution.datasources.v2.FilePartitionReaderFactory
import org.apache.spark.sql.sources.Filter
import org.apache.spark.sql.types.StructType

/** Reads one row group per partition: its rows through the row path ([[RowGroupRows]]), or its aggregates. */
case class AlbisReaderFactory(
    readDataSchema: StructType,
    partitionSchema: StructType,
    filters: Array[Filter],
    aggregate: Option[Aggregation],
    plannedAt: Long,
    options: FileSourceOptions)
  extends FilePartitionReaderFactory {

  override def buildReader(file: PartitionedFile): PartitionReader[InternalRow] = aggregate match {
    case Some(a) => aggregateReader(file, a)
    case None =>
      val rows = RowGroupRows.open(RowGroupFile.of(file.toPath), plannedAt, readDataSchema, partitionSchema,
        file.partitionValues, filters)
      new PartitionReader[InternalRow] {
        private var current: InternalRow = _

        override def next(): Boolean = {
          val more = rows.hasNext
          if (more) current = rows.next()
          more
        }

        override def get(): InternalRow = current

        override def close(): Unit = rows.close()
      }
  }

  /** One row: the group-by partition values, then the row group's aggregates from its metadata. */
  private def aggregateReader(file: PartitionedFile, a: Aggregation): PartitionReader[InternalRow] = {
    val values = RowGroupRows.aggregates(RowGroupFile.of(file.toPath), plannedAt, a.aggregateExpressions)
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
