package io.albis.spark.read

import org.apache.spark.sql.SparkSession
import org.apache.spark.sql.catalyst.FileSourceOptions
import org.apache.spark.sql.albis.RuntimePartitionFilters
import org.apache.spark.sql.catalyst.expressions.Expression
import org.apache.spark.sql.connector.expressions.NamedReference
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation
import org.apache.spark.sql.connector.expressions.filter.Predicate
import org.apache.spark.sql.connector.read.{PartitionReaderFactory, Scan, Statistics, SupportsRuntimeV2Filtering}
import org.apache.spark.sql.execution.datasources.{AggregatePushDownUtils, FilePartition, PartitioningAwareFileIndex}
import org.apache.spark.sql.execution.datasources.v2.FileScan
import org.apache.spark.sql.sources.Filter
import org.apache.spark.sql.types.StructType
import org.apache.spark.sql.util.CaseInsensitiveStringMap

import scala.jdk.CollectionConverters._

/**
 * A scan of the row groups of one snapshot ([[TableAsOf]]: the table when the scan was planned,
 * or the state the query names): one task for
 * each row group (the paper's rule), never two in one task, never one split. With a pushed
 * aggregate each task returns its row group's aggregates from metadata instead of rows.
 *
 * Dynamic partition pruning: Spark may filter the scan by its partition columns while the query
 * runs ([[filter]]); the row groups of partitions that cannot match are then not read.
 */
case class AlbisScan(
    sparkSession: SparkSession,
    fileIndex: PartitioningAwareFileIndex,
    dataSchema: StructType,
    readDataSchema: StructType,
    readPartitionSchema: StructType,
    options: CaseInsensitiveStringMap,
    pushedFilters: Array[Filter],
    pushedAggregate: Option[Aggregation],
    partitionFilters: Seq[Expression],
    dataFilters: Seq[Expression],
    asOf: TableAsOf,
    readMetadataSchema: StructType)
  extends FileScan with SupportsRuntimeV2Filtering {

  override def isSplitable(path: org.apache.hadoop.fs.Path): Boolean = false

  /**
   * The columns read, then the partition columns, then the metadata columns the query names
   * ([[MetadataColumns]]); with a pushed aggregate, the aggregate's columns (group-by partition
   * columns first).
   */
  override def readSchema(): StructType =
    if (pushedAggregate.isDefined) readDataSchema else StructType(super.readSchema().fields ++ readMetadataSchema.fields)

  /**
   * The files that read a row group each (one per row group of the snapshot), one task each; in
   * table order when the query names the state ([[TableAsOf.STATE_VERSION]]), so that task `i`
   * reads row group `i`.
   */
  private lazy val rowGroupFiles = {
    val files = super.partitions.flatMap(_.files.toSeq)
      .filter(f => RowGroupRows.readsRowGroup(RowGroupFile.of(f), asOf))
    if (asOf.pinned()) files.sortBy(f => RowGroupRows.rowGroupIndex(RowGroupFile.of(f), asOf)) else files
  }

  override def partitions: Seq[FilePartition] = {
    val matches = RuntimePartitionFilters.test(runtimeFilters)
    rowGroupFiles.filter(f => matches(f.partitionValues)).zipWithIndex.map { case (file, i) =>
      FilePartition(i, Array(file))
    }
  }

  /**
   * The runtime filters Spark has given this scan, bound to the partition values its files carry
   * (`readPartitionSchema`). Spark filters a scan after planning it and then asks it for its
   * partitions again (SupportsRuntimeV2Filtering), so this is the scan's one mutable part.
   */
  @volatile private var runtimeFilters: Seq[Expression] = Nil

  /**
   * The partition columns the scan reads, which Spark may filter it by while the query runs. None
   * with a pushed aggregate: the scan's output columns are then the aggregate's.
   */
  override def filterAttributes(): Array[NamedReference] =
    if (pushedAggregate.isDefined) Array.empty else RuntimePartitionFilters.references(readPartitionSchema)

  /** Drops the row groups of the partitions `predicates` rule out; the snapshot and one task per row group stay. */
  override def filter(predicates: Array[Predicate]): Unit =
    runtimeFilters = runtimeFilters ++
      RuntimePartitionFilters.bind(predicates, readPartitionSchema, sparkSession.sessionState.conf.resolver)

  /**
   * Exact row counts, column statistics and a size for Spark's planner ([[ScanStatistics]]), of
   * the row groups the scan reads after partition pruning; worked out once per scan, on the driver.
   */
  private lazy val statistics =
    ScanStatistics.of(rowGroupFiles.asJava, asOf, readDataSchema, readPartitionSchema, pushedAggregate.isDefined)

  override def estimateStatistics(): Statistics = statistics

  /** Whether the scan hands Spark batches ([[ColumnarReads.batchScan]]), decided once, when it is planned. */
  private lazy val columnar =
    pushedAggregate.isEmpty && ColumnarReads.batchScan(sparkSession.sessionState.conf, readSchema())

  /** Every partition is read the same way, so Spark need not ask the reader factory for each. */
  override def columnarSupportMode(): Scan.ColumnarSupportMode =
    if (columnar) Scan.ColumnarSupportMode.SUPPORTED else Scan.ColumnarSupportMode.UNSUPPORTED

  override def createReaderFactory(): PartitionReaderFactory =
    AlbisReaderFactory(readDataSchema, readPartitionSchema, pushedFilters, pushedAggregate, asOf, columnar,
      new FileSourceOptions(options.asCaseSensitiveMap.asScala.toMap), MetadataColumns.Request.of(readMetadataSchema))

  override def equals(other: Any): Boolean = other match {
    case s: AlbisScan =>
      val sameAggregate = (pushedAggregate, s.pushedAggregate) match {
        case (Some(a), Some(b)) => AggregatePushDownUtils.equivalentAggregations(a, b)
        case (a, b) => a.isEmpty && b.isEmpty
      }
      super.equals(s) && asOf.sameSnapshot(s.asOf) && readMetadataSchema == s.readMetadataSchema &&
        equivalentFilters(pushedFilters, s.pushedFilters) &&
        sameAggregate && runtimeFilters == s.runtimeFilters
    case _ => false
  }

  override def hashCode(): Int = getClass.hashCode()

  override def getMetaData(): Map[String, String] = {
    val (aggregates, groupBy) = pushedAggregate match {
      case Some(a) => (seqToString(a.aggregateExpressions.toSeq), seqToString(a.groupByExpressions.toSeq))
      case None => ("[]", "[]")
    }
    super.getMetaData() ++ Map("PushedFilters" -> seqToString(pushedFilters.toSeq),
      "PushedAggregation" -> aggregates, "PushedGroupBy" -> groupBy)
  }
}
