package io.albis.spark.read

import io.albis.spark.types.SparkTypes
import org.apache.spark.sql.SparkSession
import org.apache.spark.sql.albis.FilterTranslation
import org.apache.spark.sql.catalyst.expressions.{Expression, PredicateHelper}
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation
import org.apache.spark.sql.connector.read.{Scan, SupportsPushDownAggregates}
import org.apache.spark.sql.execution.datasources.{AggregatePushDownUtils, PartitioningAwareFileIndex}
import org.apache.spark.sql.execution.datasources.v2.FileScanBuilder
import org.apache.spark.sql.sources.Filter
import org.apache.spark.sql.types.StructType
import org.apache.spark.sql.util.CaseInsensitiveStringMap

/**
 * Plans a scan: the columns, the data filters Albis evaluates exactly ([[SparkFilters]]), and
 * `count`/`min`/`max` answered from segment metadata when there is no data filter.
 */
case class AlbisScanBuilder(
    sparkSession: SparkSession,
    fileIndex: PartitioningAwareFileIndex,
    schema: StructType,
    dataSchema: StructType,
    options: CaseInsensitiveStringMap,
    asOf: TableAsOf)
  extends FileScanBuilder(sparkSession, fileIndex, dataSchema) with SupportsPushDownAggregates {

  private lazy val albisSchema = io.albis.schema.Schema.builder().fields(SparkTypes.toAlbis(dataSchema)).build()

  private var pushedAggregate: Option[Aggregation] = None
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
   * What Spark evaluates after the scan: the data filters Albis does not evaluate exactly, and
   * the exact ones Spark deems selective. Spark's runtime filters (dynamic partition pruning,
   * bloom-filter joins) start only from a selective filter they see above a join side's scan, so
   * without those a join with this table as its filtering side would get none. The rest (`IS NULL`,
   * `IS NOT NULL`, a boolean column) Spark does not evaluate again.
   */
  override def pushFilters(filters: Seq[Expression]): Seq[Expression] =
    super.pushFilters(filters).filter { e =>
      AlbisScanBuilder.Selectivity.isLikelySelective(e) || !FilterTranslation.translate(e).exists(f => exact(f))
    }

  /**
   * Takes the aggregates Spark's own rules allow from metadata (AggregatePushDownUtils: count,
   * min and max of booleans, numbers and dates, grouped by nothing or by the partition columns,
   * no data filter); option `aggregatePushdown=false` turns it off.
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
      case None => false
    }
  }

  /** Plans the scan of the snapshot `asOf` names, which the file index lists. */
  override def build(): Scan = {
    AlbisScan(sparkSession, fileIndex, dataSchema,
      if (pushedAggregate.isDefined) aggregateSchema else readDataSchema(), readPartitionSchema(), options,
      pushedDataFilters, pushedAggregate, partitionFilters, dataFilters, asOf,
      if (pushedAggregate.isDefined) new StructType() else metadataSchema)
  }
}

object AlbisScanBuilder {
  /** Spark's own test of whether its runtime-filter rules take a filter as selective. */
  private object Selectivity extends PredicateHelper
  /** Source option: answer count/min/max from segment metadata when Spark allows it (default true). */
  val AggregatePushdown = "aggregatePushdown"
}
