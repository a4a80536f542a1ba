package io.albis.spark.read

import org.apache.spark.sql.SparkSession
import org.apache.spark.sql.catalyst.FileSourceOptions
import org.apache.spark.sql.albis.{RuntimeDataFilters, RuntimePartitionFilters}
import org.apache.spark.sql.catalyst.expressions.Expression
import org.apache.spark.sql.connector.expressions.{NamedReference, SortDirection, SortOrder}
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation
import org.apache.spark.sql.connector.expressions.filter.Predicate
import org.apache.spark.sql.connector.metric.CustomMetric
import org.apache.spark.sql.connector.read.{PartitionReaderFactory, Scan, Statistics, SupportsRuntimeV2Filtering}
import org.apache.spark.sql.execution.datasources.{FilePartition, PartitioningAwareFileIndex}
import org.apache.spark.sql.execution.datasources.v2.FileScan
import org.apache.spark.sql.sources.Filter
import org.apache.spark.sql.types._
import org.apache.spark.sql.util.CaseInsensitiveStringMap

import scala.jdk.CollectionConverters._

/**
 * A scan of the row groups of one snapshot ([[TableAsOf]]: the table when the scan was planned,
 * or the state the query names): one task for
 * each row group (the paper's rule), never two in one task, never one split. With a pushed
 * aggregate each task returns its row group's partial aggregates instead of rows: from metadata
 * ([[MetadataAggregates]]), or computed over the rows it reads ([[RowGroupAggregates]]). With a
 * pushed LIMIT each task hands out at most that many rows; with a pushed top-N its top rows.
 *
 * Runtime filters: Spark may filter the scan while the query runs ([[filter]]), on its partition
 * columns and on the data columns Albis tests cheaply (dynamic pruning with the keys a broadcast
 * join's other side kept). Row groups of partitions that cannot match are then not read; a filter
 * on data columns goes to the readers with the pushed ones, which skip segments by min/max and
 * drop rows in vectors before Spark sees them. The scan's SQL metrics ([[ScanMetrics]]) show what
 * they skipped and dropped.
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
    scanAggregation: Option[ScanAggregation],
    pushedLimit: Option[Int],
    pushedOrder: Seq[SortOrder],
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

  /** The runtime filters Spark has given this scan on its data columns, which the readers evaluate. */
  @volatile private var runtimeDataFilters: Seq[Filter] = Nil

  /**
   * The columns Spark may filter the scan by while the query runs: the partition columns it reads
   * and, unless [[AlbisScan.DataColumnFilters]] is `false`, the data columns whose `IN` test the
   * readers evaluate in vectors ([[AlbisScan.runtimeFilterable]]). With an aggregate the tasks
   * compute, the scan's output columns are the aggregate's: its group keys among those columns
   * (a filter on a group key keeps or drops whole groups, so it may act before them); none with
   * an aggregate answered from metadata.
   */
  override def filterAttributes(): Array[NamedReference] = {
    val (partitions, data) = scanAggregation match {
      case Some(a) =>
        val keys = a.schema().fieldNames.take(a.keys().length).toSet
        (StructType(readPartitionSchema.filter(f => keys(f.name))), StructType(dataSchema.filter(f => keys(f.name))))
      case None if pushedAggregate.isDefined => (new StructType(), new StructType())
      case None => (readPartitionSchema, readDataSchema)
    }
    RuntimePartitionFilters.references(partitions) ++ (
      if (AlbisScan.dataColumnFilters(sparkSession)) {
        RuntimePartitionFilters.references(AlbisScan.runtimeFilterable(data))
      } else {
        Array.empty[NamedReference]
      })
  }

  /**
   * Drops the row groups of the partitions `predicates` rule out, and hands the readers the
   * predicates on data columns; the snapshot and one task per row group stay.
   */
  override def filter(predicates: Array[Predicate]): Unit = {
    val resolver = sparkSession.sessionState.conf.resolver
    runtimeFilters = runtimeFilters ++ RuntimePartitionFilters.bind(predicates, readPartitionSchema, resolver)
    val dataColumns = if (scanAggregation.isDefined) dataSchema else readDataSchema
    runtimeDataFilters = runtimeDataFilters ++ RuntimeDataFilters.of(predicates, dataColumns, resolver)
  }

  override def supportedCustomMetrics(): Array[CustomMetric] = ScanMetrics.supported()

  /**
   * Exact row counts, column statistics and a size for Spark's planner ([[ScanStatistics]]), of
   * the row groups the scan reads after partition pruning; worked out once per scan, on the driver.
   */
  private lazy val statistics = ScanStatistics.of(rowGroupFiles.asJava, asOf, readDataSchema, readPartitionSchema,
    pushedAggregate.isDefined, !scanAggregation.exists(a => !a.oneGroupPerTask()))

  override def estimateStatistics(): Statistics = statistics

  /** Whether the scan hands Spark batches ([[ColumnarReads.batchScan]]), decided once, when it is planned. */
  private lazy val columnar = pushedAggregate.isEmpty && pushedOrder.isEmpty &&
    ColumnarReads.batchScan(sparkSession.sessionState.conf, readSchema())

  /** Every partition is read the same way, so Spark need not ask the reader factory for each. */
  override def columnarSupportMode(): Scan.ColumnarSupportMode =
    if (columnar) Scan.ColumnarSupportMode.SUPPORTED else Scan.ColumnarSupportMode.UNSUPPORTED

  override def createReaderFactory(): PartitionReaderFactory =
    AlbisReaderFactory(readDataSchema, readPartitionSchema, pushedFilters ++ runtimeDataFilters,
      pushedAggregate.filter(_ => scanAggregation.isEmpty), scanAggregation, maxGroups, rowLimit, asOf, columnar,
      new FileSourceOptions(options.asCaseSensitiveMap.asScala.toMap), MetadataColumns.Request.of(readMetadataSchema))

  /** The most groups a task of a computed aggregate holds (option [[AlbisScanBuilder.AggregateMaxGroups]]). */
  private def maxGroups: Int = {
    val n = options.getInt(AlbisScanBuilder.AggregateMaxGroups, RowGroupAggregates.MAX_GROUPS)
    if (n < 1) throw new IllegalArgumentException(s"${AlbisScanBuilder.AggregateMaxGroups} must be positive, not $n")
    n
  }

  /** The pushed LIMIT or top-N, its keys bound to the columns of [[readSchema]]. */
  private def rowLimit: Option[RowLimit] = pushedLimit.map { n =>
    val fields = readSchema().fields
    RowLimit(n, pushedOrder.map { o =>
      val name = o.expression().asInstanceOf[NamedReference].fieldNames()(0)
      val i = Some(fields.indexWhere(_.name == name)).filter(_ >= 0).getOrElse(fields.indexWhere(_.name.equalsIgnoreCase(name)))
      RowLimit.Key(i, o.direction() == SortDirection.DESCENDING,
        o.nullOrdering() == org.apache.spark.sql.connector.expressions.NullOrdering.NULLS_FIRST)
    })
  }

  override def equals(other: Any): Boolean = other match {
    case s: AlbisScan =>
      // Spark's aggregate functions have no equality of their own: two scans pushing the same ones
      // are told apart by their descriptions, in order (the order of the scan's output columns)
      def described(a: Option[Aggregation]) =
        a.map(x => (x.aggregateExpressions.map(_.describe()).toSeq, x.groupByExpressions.map(_.describe()).toSeq))
      val sameAggregate = described(pushedAggregate) == described(s.pushedAggregate) &&
        scanAggregation.isDefined == s.scanAggregation.isDefined
      super.equals(s) && asOf.sameSnapshot(s.asOf) && readMetadataSchema == s.readMetadataSchema &&
        equivalentFilters(pushedFilters, s.pushedFilters) &&
        sameAggregate && runtimeFilters == s.runtimeFilters && runtimeDataFilters == s.runtimeDataFilters &&
        pushedLimit == s.pushedLimit && pushedOrder.map(_.describe()) == s.pushedOrder.map(_.describe())
    case _ => false
  }

  override def hashCode(): Int = getClass.hashCode()

  override def getMetaData(): Map[String, String] = {
    val (aggregates, groupBy) = pushedAggregate match {
      case Some(a) => (seqToString(a.aggregateExpressions.toSeq), seqToString(a.groupByExpressions.toSeq))
      case None => ("[]", "[]")
    }
    // named as Spark's own scans of pushed operators name them
    val limit = pushedLimit.map { n =>
      if (pushedOrder.isEmpty) "PushedLimit" -> s"LIMIT $n"
      else "PushedTopN" -> s"ORDER BY ${seqToString(pushedOrder.map(_.describe()))} LIMIT $n"
    }
    super.getMetaData() ++ Map("PushedFilters" -> seqToString(pushedFilters.toSeq),
      "PushedAggregation" -> aggregates, "PushedGroupBy" -> groupBy) ++ limit
  }
}

object AlbisScan {
  /**
   * The session conf that stops an Albis scan from offering its data columns to runtime filters
   * (`false`; default `true`). Spark plans dynamic pruning for a join on such a column and keeps
   * it only where it can reuse a broadcast of the other side; where the join shuffles instead it
   * drops it, and having planned it does not add its own bloom-filter join on the same key (which
   * by default it adds only above scans of more than 10 GB). A user who relies on that turns this off.
   */
  val DataColumnFilters = "spark.sql.albis.runtimeFilters.dataColumns"

  def dataColumnFilters(spark: SparkSession): Boolean =
    spark.sessionState.conf.getConfString(DataColumnFilters, "true").trim.toLowerCase(java.util.Locale.ROOT) match {
      case "true" => true
      case "false" => false
      case other => throw new IllegalArgumentException(s"$DataColumnFilters must be true or false, not '$other'")
    }

  /**
   * The columns of `dataSchema` whose values are longs in Albis (integers, dates, timestamps,
   * decimals of up to 18 digits): the readers test an `IN` list of any length on them in vectors,
   * with a bitmap or a hash set, so a runtime filter with many keys costs a few nanoseconds a row.
   */
  def runtimeFilterable(dataSchema: StructType): StructType = StructType(dataSchema.fields.filter { f =>
    f.dataType match {
      case ByteType | ShortType | IntegerType | LongType | DateType | TimestampType | TimestampNTZType => true
      case d: DecimalType => d.precision <= Decimal.MAX_LONG_DIGITS
      case _ => false
    }
  })
}
