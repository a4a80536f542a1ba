package io.albis.spark

import io.albis.spark.read.{AlbisScanBuilder, ScanAggregation}
import org.apache.spark.sql.catalyst.expressions.{Alias, Attribute, AttributeReference, Expression, Literal, NamedExpression, PredicateHelper}
import org.apache.spark.sql.catalyst.expressions.aggregate.{AggregateExpression, Average, Count, Max, Min, Sum}
import org.apache.spark.sql.catalyst.plans.logical.{Aggregate, Filter, LocalLimit, LogicalPlan, Offset, Project, Sort}
import org.apache.spark.sql.catalyst.rules.Rule
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation
import org.apache.spark.sql.util.CaseInsensitiveStringMap

import java.util.Locale
import scala.jdk.CollectionConverters._

/**
 * Decides, scan by scan, between two uses of an Albis scan's selective filters. Spark pushes an
 * aggregate, a LIMIT or a top-N into a scan only when no filter is left above the scan, while an
 * Albis scan by default leaves the exact filters Spark deems selective above itself too, so that
 * Spark's runtime filters can start from them when the scan is the filtering side of a join
 * ([[AlbisScanBuilder.FiltersAboveScan]]). This rule gives the operator the scan: an Albis scan
 * with an aggregate the scan computes (its functions, arguments and keys columns of types
 * [[ScanAggregation]] takes), a LIMIT or a top-N directly above it (only projections of columns
 * and filters between, each filter one the scan handles alone) gets read option
 * `filtersAboveScan=none`, unless the query sets that option itself. A scan below an aggregate
 * rarely is the filtering side of a join; below a LIMIT or top-N a filter could not start a
 * runtime filter that keeps the same rows anyway.
 *
 * It runs just before Spark pushes operators into scans (a pre-CBO rule); queries in subqueries
 * go through it as Spark optimizes them. The session conf [[OperatorsIntoScans.Enabled]] `false`
 * turns it off.
 */
object OperatorsIntoScans extends Rule[LogicalPlan] with PredicateHelper {
  /** The session conf that turns the rule off (`false`; default `true`). */
  val Enabled = "spark.sql.albis.operatorsIntoScans.enabled"

  private def enabled: Boolean = conf.getConfString(Enabled, "true").trim.toLowerCase(Locale.ROOT) match {
    case "true" => true
    case "false" => false
    case other => throw new IllegalArgumentException(s"$Enabled must be true or false, not '$other'")
  }

  override def apply(plan: LogicalPlan): LogicalPlan =
    if (!enabled) plan
    else plan.transformDown {
      case a: Aggregate if scanBelow(a.child).exists(s => aggregateTaken(a, s)) => a.withNewChildren(Seq(mark(a.child)))
      case l @ LocalLimit(_, child) if limitedScan(child).isDefined => l.withNewChildren(Seq(markLimited(child)))
    }

  /** An Albis relation and the columns and filters of the projections and filters above it. */
  private case class ScanBelow(table: AlbisTableV2, aliases: Map[Attribute, Attribute])

  /**
   * The Albis scan `plan` is, through projections of columns and filters it handles alone; None
   * for anything else.
   */
  private def scanBelow(plan: LogicalPlan): Option[ScanBelow] = plan match {
    case Project(list, child) if list.forall(columnOrAlias) =>
      scanBelow(child).map { s =>
        s.copy(aliases = s.aliases ++ list.collect { case a @ Alias(c: Attribute, _) => a.toAttribute -> c })
      }
    case Filter(condition, child) =>
      scanBelow(child).filter(s => splitConjunctivePredicates(condition).forall { f =>
        AlbisScanBuilder.handlesAlone(f, s.table.dataSchema,
          s.table.partitionSchema.fieldNames.map(_.toLowerCase(Locale.ROOT)).toSet)
      })
    case r: DataSourceV2Relation => r.table match {
      case t: AlbisTableV2 => Some(ScanBelow(t, Map.empty))
      case _ => None
    }
    case _ => None
  }

  private def columnOrAlias(e: NamedExpression): Boolean = e match {
    case _: Attribute => true
    case Alias(_: Attribute, _) => true
    case _ => false
  }

  /**
   * Whether the scan computes aggregate `a` ([[ScanAggregation]]): every key a column, every
   * function a count, sum, min, max or average, not distinct, of a stored column of a type it
   * takes. (Spark's own rules for metadata answers are narrower, so this covers them.)
   */
  private def aggregateTaken(a: Aggregate, s: ScanBelow): Boolean = {
    def column(e: Expression): Option[Attribute] = e match {
      case r: AttributeReference => Some(s.aliases.getOrElse(r, r))
      case _ => None
    }
    def stored(e: Expression, takes: org.apache.spark.sql.types.DataType => Boolean): Boolean =
      column(e).exists(c => s.table.dataSchema.fieldNames.exists(_.equalsIgnoreCase(c.name)) && takes(c.dataType))
    val partitions = s.table.partitionSchema.fieldNames
    val keys = a.groupingExpressions.forall(k => column(k).exists(c =>
      partitions.exists(_.equalsIgnoreCase(c.name)) || stored(k, ScanAggregation.groupable)))
    val functions = a.aggregateExpressions.flatMap(_.collect { case e: AggregateExpression => e }).forall { e =>
      !e.isDistinct && e.filter.isEmpty && (e.aggregateFunction match {
        case Count(Seq(_: Literal)) => true
        case Count(Seq(c)) => stored(c, _ => true)
        case Sum(c, _) => stored(c, ScanAggregation.summable)
        case Average(c, _) => stored(c, ScanAggregation.summable)
        case Min(c) => stored(c, ScanAggregation.ordered)
        case Max(c) => stored(c, ScanAggregation.ordered)
        case _ => false
      })
    }
    keys && functions
  }

  /** The scan below a LIMIT: through projections and offsets, under a sort (a top-N) or not. */
  private def limitedScan(plan: LogicalPlan): Option[ScanBelow] = plan match {
    case Project(list, child) if list.forall(columnOrAlias) => limitedScan(child)
    case Offset(_, child) => limitedScan(child)
    case Sort(_, _, child, _) => scanBelow(child)
    case other => scanBelow(other)
  }

  private def markLimited(plan: LogicalPlan): LogicalPlan = plan match {
    case p @ Project(_, child) => p.withNewChildren(Seq(markLimited(child)))
    case o @ Offset(_, child) => o.withNewChildren(Seq(markLimited(child)))
    case s @ Sort(_, _, child, _) => s.withNewChildren(Seq(mark(child)))
    case other => mark(other)
  }

  /** The projections and filters `plan` is made of, over its Albis relation read with `filtersAboveScan=none`. */
  private def mark(plan: LogicalPlan): LogicalPlan = plan.transform {
    case r: DataSourceV2Relation if !r.options.containsKey(AlbisScanBuilder.FiltersAboveScan) =>
      val options = r.options.asCaseSensitiveMap.asScala ++ Map(AlbisScanBuilder.FiltersAboveScan -> "none")
      r.copy(options = new CaseInsensitiveStringMap(options.asJava))
  }
}
