package io.albis.spark.read

import io.albis.spark.types.SparkTypes
import org.apache.spark.sql.SparkSession
import org.apache.spark.sql.albis.FilterTranslation
import org.apache.spark.sql.catalyst.expressions.{Expression, PredicateHelper, RowOrdering, SubqueryExpression}
import org.apache.spark.sql.connector.expressions.{NamedReference, SortOrder}
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation
import org.apache.spark.sql.connector.read.{Scan, SupportsPushDownAggregates, SupportsPushDownLimit, SupportsPushDownTopN}
import org.apache.spark.sql.execution.datasources.{AggregatePushDownUtils, PartitioningAwareFileIndex}
import org.apache.spark.sql.execution.datasources.v2.FileScanBuilder
import org.apache.spark.sql.sources.Filter
import org.apache.spark.sql.types.StructType
import org.apache.spark.sql.util.CaseInsensitiveStringMap

/**
 * Plans a scan: the columns, the data filters Albis evaluates exactly ([[SparkFilters]]), partial
 * aggregates (`count`/`min`/`max` answered from segment metadata when there is no data filter,
 * else computed by the tasks over the rows they read: [[ScanAggregation]]), and a LIMIT or top-N
 * each task applies to its rows. Spark pushes the last three only when no filter is left above
 * the scan; which filters stay there is [[AlbisScanBuilder.FiltersAboveScan]]'s choice.
 */
case class AlbisScanBuilder(
    sparkSession: SparkSession,
    fileIndex: PartitioningAwareFileIndex,
    schema: StructType,
    dataSchema: StructType,
    options: CaseInsensitiveStringMap,
    asOf: TableAsOf)
  extends FileScanBuilder(sparkSession, fileIndex, dataSchema)
  with SupportsPushDownAggregates with SupportsPushDownLimit with SupportsPushDownTopN {

  private lazy val albisSchema = io.albis.schema.Schema.builder().fields(SparkTypes.toAlbis(dataSchema)).build()

  private var pushedAggregate: Option[Aggregation] = None
  /** The aggregate the tasks compute over their rows; None when metadata answers it or none is pushed. */
  private var scanAggregation: Option[ScanAggregation] = None
  /** The rows each task hands out at most (a LIMIT, or the N of a top-N). */
  private var pushedLimit: Option[Int] = None
  /** The order of a pushed top-N; empty for a plain LIMIT. */
  private var pushedOrder: Seq[SortOrder] = Nil
  /** The metadata columns the query reads ([[MetadataColumns]]); Spark's file scan knows only data and partition columns. */
  private var metadataSchema = new StructType()

  override def pruneColumns(requiredSchema: StructType): Unit = {
    val own = (dataSchema.fieldNames ++ fileIndex.partitionSchema.fieldNames).map(_.toLowerCase).toSet
    metadataSchema = MetadataColumns.requested(StructType(requiredSchema.fields.filterNot(f => own(f.name.toLowerCase))))
    super.pruneColumns(StructType(requiredSchema.fields.filterNot(f => metadataSchema.fieldNames.contains(f.name))))
  }
  private var aggregateSchema: StructType = _

  private def exact(f: Filter): Boolean = SparkFilters.toAlbis(f, albisSchema) != null

  /** The data filters Albis evaluates exactly: they are pushed, shown as PushedFilters. */
  override def pushDataFilters(dataFilters: Array[Filter]): Array[Filter] = dataFilters.filter(exact)

  /**
   * What Spark evaluates after the scan: the data filters Albis does not evaluate exactly and,
   * unless [[AlbisScanBuilder.FiltersAboveScan]] is `none`, the exact ones Spark deems selective.
   * Spark's runtime filters (dynamic partition pruning, bloom-filter joins) start only from a
   * selective filter they see above a join side's scan, so without those a join with this table as
   * its filtering side would get none. But Spark pushes an aggregate, a LIMIT or a top-N into a scan
   * only when no filter is left above it: `none` leaves there only what Albis cannot evaluate. The
   * rest (`IS NULL`, `IS NOT NULL`, a boolean column) Spark never evaluates again.
   */
  override def pushFilters(filters: Seq[Expression]): Seq[Expression] = {
    val keepSelective = AlbisScanBuilder.keepsSelectiveFilters(options)
    super.pushFilters(filters).filter { e =>
      !FilterTranslation.translate(e).exists(f => exact(f)) ||
        (keepSelective && AlbisScanBuilder.Selectivity.isLikelySelective(e))
    }
  }

  /**
   * Takes a partial aggregate (Spark adds up the tasks' rows; it hands `avg` over as a sum and a
   * count): from metadata where Spark's own rules allow it (AggregatePushDownUtils: count, min and
   * max of booleans, numbers and dates, grouped by nothing or by the partition columns, no data
   * filter), else computed by each task over the rows it reads where [[ScanAggregation]] computes
   * every function and key exactly (on a little-endian host, as the batches it reads need). Option
   * `aggregatePushdown=false` turns both off.
   */
  override def pushAggregation(aggregation: Aggregation): Boolean = {
    if (!options.getBoolean(AlbisScanBuilder.AggregatePushdown, true)) {
      return false
    }
    AggregatePushDownUtils.getSchemaForPushedAggregation(aggregation, schema, partitionNameSet, dataFilters) match {
      case Some(s) =>
        aggregateSchema = s
        pushedAggregate = Some(aggregation)
        true
      case None if java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN =>
        Option(ScanAggregation.of(aggregation, dataSchema, readPartitionSchema())) match {
          case Some(a) =>
            scanAggregation = Some(a)
            aggregateSchema = a.schema()
            pushedAggregate = Some(aggregation)
            true
          case None => false
        }
      case None => false
    }
  }

  /** Each task hands out at most `limit` rows (Spark applies the LIMIT again); option `limitPushdown=false` turns it off. */
  override def pushLimit(limit: Int): Boolean = {
    if (pushedAggregate.isDefined || !options.getBoolean(AlbisScanBuilder.LimitPushdown, true)) {
      return false
    }
    pushedLimit = Some(limit)
    true
  }

  /**
   * Each task hands out its top `limit` rows by `orders` (Spark sorts and limits the tasks' rows
   * again), when every key is a column of an orderable type and `limit` is within Spark's own
   * bound for a top-N kept in memory (`spark.sql.execution.topKSortFallbackThreshold`).
   */
  override def pushTopN(orders: Array[SortOrder], limit: Int): Boolean = {
    if (pushedAggregate.isDefined || !options.getBoolean(AlbisScanBuilder.LimitPushdown, true) ||
        limit > sparkSession.sessionState.conf.topKSortFallbackThreshold || !orders.forall(orderable)) {
      return false
    }
    pushedLimit = Some(limit)
    pushedOrder = orders.toSeq
    true
  }

  /** Spark applies a pushed LIMIT or top-N again over the tasks' rows. */
  override def isPartiallyPushed(): Boolean = true

  /** Whether a top-N key is a column (stored, partition or metadata) of a type Spark orders. */
  private def orderable(o: SortOrder): Boolean = o.expression() match {
    case r: NamedReference if r.fieldNames().length == 1 =>
      (schema.fields ++ MetadataColumns.ALL.fields).find(_.name.equalsIgnoreCase(r.fieldNames()(0)))
        .exists(f => RowOrdering.isOrderable(f.dataType))
    case _ => false
  }

  /** Plans the scan of the snapshot `asOf` names, which the file index lists. */
  override def build(): Scan = {
    AlbisScan(sparkSession, fileIndex, dataSchema,
      if (pushedAggregate.isDefined) aggregateSchema else readDataSchema(), readPartitionSchema(), options,
      pushedDataFilters, pushedAggregate, scanAggregation, pushedLimit, pushedOrder, partitionFilters, dataFilters,
      asOf, if (pushedAggregate.isDefined) new StructType() else metadataSchema)
  }
}

object AlbisScanBuilder {
  /** Spark's own test of whether its runtime-filter rules take a filter as selective. */
  private object Selectivity extends PredicateHelper
  /** Source option: take partial aggregates, from metadata or computed by the tasks (default true). */
  val AggregatePushdown = "aggregatePushdown"
  /** Source option: the most groups a task of a pushed aggregate holds before it hands them out (default 65536). */
  val AggregateMaxGroups = "aggregateMaxGroups"
  /** Source option: take a LIMIT or a top-N into the tasks (default true). */
  val LimitPushdown = "limitPushdown"
  /**
   * Source option: which exact filters Spark evaluates again above the scan. `selective` (the
   * default): those it deems selective, so that its runtime filters can start from them; `none`:
   * none, so that it can push an aggregate, a LIMIT or a top-N into the scan. The Albis session
   * extension ([[io.albis.spark.AlbisSessionExtensions]]) sets `none` on the scans that have one
   * of those directly above them.
   */
  val FiltersAboveScan = "filtersAboveScan"

  /** Whether `options` leave the selective exact filters above the scan ([[FiltersAboveScan]]). */
  def keepsSelectiveFilters(options: CaseInsensitiveStringMap): Boolean =
    Option(options.get(FiltersAboveScan)).map(_.trim.toLowerCase(java.util.Locale.ROOT)).getOrElse("selective") match {
      case "selective" => true
      case "none" => false
      case other => throw new IllegalArgumentException(s"$FiltersAboveScan must be selective or none, not '$other'")
    }

  /**
   * Whether a scan of a table with these stored columns handles `filter` alone when nothing of it
   * is left above it: a deterministic filter without subqueries either on partition columns only
   * (they prune row groups) or one Albis evaluates exactly.
   */
  def handlesAlone(filter: Expression, dataSchema: StructType, partitionNames: Set[String]): Boolean =
    filter.deterministic && !SubqueryExpression.hasSubquery(filter) && (
      filter.references.forall(a => partitionNames.contains(a.name.toLowerCase(java.util.Locale.ROOT))) ||
        FilterTranslation.translate(filter).exists { f =>
          SparkFilters.toAlbis(f, io.albis.schema.Schema.builder().fields(SparkTypes.toAlbis(dataSchema)).build()) != null
        })
}

