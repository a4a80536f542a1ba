package io.albis.spark.read

import org.apache.spark.sql.catalyst.FileSourceOptions
import org.apache.spark.sql.catalyst.InternalRow
import org.apache.spark.sql.catalyst.expressions.{JoinedRow, UnsafeProjection}
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation
import org.apache.spark.sql.connector.metric.CustomTaskMetric
import org.apache.spark.sql.connector.read.{InputPartition, PartitionReader}
import org.apache.spark.sql.execution.datasources.{AggregatePushDownUtils, FilePartition, PartitionedFile}
import org.apache.spark.sql.execution.datasources.v2.{FilePartitionReader, FilePartitionReaderFactory}
import org.apache.spark.sql.sources.Filter
import org.apache.spark.sql.types.StructType
import org.apache.spark.sql.vectorized.ColumnarBatch

/**
 * Reads one row group per partition: through the columnar path ([[RowGroupBatches]]) when
 * `columnar` ([[ColumnarReads.batchScan]], decided once when the scan is planned), else the row
 * path ([[RowGroupRows]]); with an aggregate answered from metadata, one row of the row group's
 * aggregates; with one the tasks compute, its partial rows ([[RowGroupAggregates]]); with a
 * pushed LIMIT, at most that many rows; with a pushed top-N, the top rows ([[TopRows]]).
 *
 * @param metadataAggregate an aggregate answered from segment metadata
 * @param scanAggregation   an aggregate computed over the rows read, holding at most `maxGroups` groups a task
 * @param limit             a pushed LIMIT or top-N, its keys over the scan's output (data, partition, metadata columns)
 */
case class AlbisReaderFactory(
    readDataSchema: StructType,
    partitionSchema: StructType,
    filters: Array[Filter],
    metadataAggregate: Option[Aggregation],
    scanAggregation: Option[ScanAggregation],
    maxGroups: Int,
    limit: Option[RowLimit],
    asOf: TableAsOf,
    columnar: Boolean,
    options: FileSourceOptions,
    metadata: MetadataColumns.Request)
  extends FilePartitionReaderFactory {

  override def supportColumnarReads(partition: InputPartition): Boolean = columnar

  // Spark's file partition reader does not pass on its readers' metrics: each task's reader keeps
  // the readers it built and reports theirs (a task reads one row group, so one reader).
  override def createReader(partition: InputPartition): PartitionReader[InternalRow] =
    AlbisReaderFactory.reporting[InternalRow](partition, buildReader, options)

  override def createColumnarReader(partition: InputPartition): PartitionReader[ColumnarBatch] =
    AlbisReaderFactory.reporting[ColumnarBatch](partition, buildColumnarReader, options)

  override def buildReader(file: PartitionedFile): PartitionReader[InternalRow] =
    (metadataAggregate, scanAggregation, limit) match {
      case (Some(a), _, _) => aggregateReader(file, a)
      case (_, Some(a), _) =>
        val rows = RowGroupAggregates.open(RowGroupFile.of(file), asOf, a, file.partitionValues, partitionSchema,
          filters, maxGroups)
        AlbisReaderFactory.reader(rows, () => rows.stats())
      case (_, _, Some(top)) if top.keys.nonEmpty => topRows(file, top)
      case _ =>
        val rows = RowGroupRows.open(RowGroupFile.of(file), asOf, readDataSchema, partitionSchema,
          file.partitionValues, filters, metadata)
        AlbisReaderFactory.reader(limited(rows), () => rows.stats())
    }

  override def buildColumnarReader(file: PartitionedFile): PartitionReader[ColumnarBatch] = {
    val batches = RowGroupBatches.open(RowGroupFile.of(file), asOf, readDataSchema, partitionSchema,
      file.partitionValues, filters, metadata)
    AlbisReaderFactory.reader(limited(batches), () => batches.stats())
  }

  /** `values` cut to the pushed LIMIT, if there is one. */
  private def limited[T](values: java.util.Iterator[T] with java.io.Closeable): java.util.Iterator[T] with java.io.Closeable =
    limit match {
      case Some(l) => new LimitedReads[T](values, values, l.rows)
      case None => values
    }

  /**
   * The row group's top rows by `top`'s keys: read through batches (compared where they lie) on a
   * little-endian host, as the columnar path reads them, else through the row path.
   */
  private def topRows(file: PartitionedFile, top: RowLimit): PartitionReader[InternalRow] = {
    val output = StructType(readDataSchema.fields ++ metadata.constants(partitionSchema).fields ++
      (if (metadata.rowIndex()) Seq(MetadataColumns.ALL.fields(1)) else Nil))
    val order = top.ordering(output)
    val copy = UnsafeProjection.create(output)
    val rowGroup = RowGroupFile.of(file)
    val (best, stats) = if (java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN) {
      val batches = RowGroupBatches.open(rowGroup, asOf, readDataSchema, partitionSchema, file.partitionValues,
        filters, metadata)
      try (TopRows.ofBatches(batches, order, top.rows, copy), batches.stats()) finally batches.close()
    } else {
      val rows = RowGroupRows.open(rowGroup, asOf, readDataSchema, partitionSchema, file.partitionValues, filters,
        metadata)
      try (TopRows.ofRows(rows, order, top.rows, copy), rows.stats()) finally rows.close()
    }
    val it = best.iterator()
    AlbisReaderFactory.reader(new java.util.Iterator[InternalRow] with java.io.Closeable {
      override def hasNext: Boolean = it.hasNext
      override def next(): InternalRow = it.next()
      override def close(): Unit = ()
    }, () => stats)
  }

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
  /**
   * Spark's reader of a file partition's files, each through `build`, which reports the summed
   * metrics of the readers it has built so far.
   */
  private def reporting[T](partition: InputPartition, build: PartitionedFile => PartitionReader[T],
      options: FileSourceOptions): PartitionReader[T] = {
    val built = scala.collection.mutable.ArrayBuffer.empty[PartitionReader[T]]
    val files = partition.asInstanceOf[FilePartition].files.iterator
    val inner = new FilePartitionReader[T](files, f => { val r = build(f); built += r; r }, options)
    new PartitionReader[T] {
      override def next(): Boolean = inner.next()

      override def get(): T = inner.get()

      override def close(): Unit = inner.close()

      override def currentMetricsValues(): Array[CustomTaskMetric] =
        if (built.length == 1) {
          built.head.currentMetricsValues() // the usual case: one row group a task
        } else {
          built.flatMap(_.currentMetricsValues()).groupMapReduce(_.name())(_.value())(_ + _).toArray.map {
            case (n, v) => ScanMetrics.value(n, () => v)
          }
        }
    }
  }

  /**
   * A partition reader over rows or batches, reporting the scan's metrics from `stats`; a value is
   * valid until the next `next()`.
   */
  private def reader[T](values: java.util.Iterator[T] with java.io.Closeable,
      stats: () => io.albis.read.ReadStats): PartitionReader[T] =
    new PartitionReader[T] {
      /** Made once the reader has its stats (none when no reader reads the row group). */
      private var metrics: Array[CustomTaskMetric] = _

      override def currentMetricsValues(): Array[CustomTaskMetric] = {
        if (metrics == null) {
          val s = stats()
          if (s == null) return Array.empty
          metrics = ScanMetrics.values(s)
        }
        metrics
      }

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
