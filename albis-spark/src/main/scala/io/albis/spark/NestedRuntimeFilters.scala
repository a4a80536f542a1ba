package io.albis.spark

import io.albis.spark.read.AlbisScan
import org.apache.spark.sql.catalyst.expressions.{And, DynamicPruningSubquery, Expression, PredicateHelper}
import org.apache.spark.sql.catalyst.plans.logical.{Filter, Join, LogicalPlan, Project}
import org.apache.spark.sql.execution.{SparkPlan, SparkStrategy}
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2ScanRelation

/**
 * Keeps only the runtime filters on Albis scans whose filtering side is one filtered table (a
 * dimension with a filter, the star join's case), leaving out those whose filtering side holds a
 * join or a runtime filter of its own. Spark plans dynamic pruning bottom-up and gives each
 * runtime filter a copy of the plan of the join's other side, runtime filters included; once
 * Albis scans offer their data columns, a query whose joins filter joins gets copies of copies:
 * TPC-DS q14b's plan grew from 93 scans to 4,801 (`ss_item_sk IN cross_items`), q64's from 53 to
 * 1,071 (a dimension's key `IN` the keys of a filtered fact join), and planning them took longer
 * than running the query on Parquet. Such a filter is also the kind that rarely pays: its side is
 * large, or it prunes a small table by a large one, and Spark keeps it only where it can reuse a
 * broadcast. The conjunct is removed before Spark plans its subquery, so neither the copy nor the
 * filter is planned.
 */
object NestedRuntimeFilters extends SparkStrategy with PredicateHelper {
  /**
   * Spark plans a scan with the projections and filters over it in one go, so the filter is
   * looked for from the top of such a chain.
   */
  override def apply(plan: LogicalPlan): Seq[SparkPlan] = plan match {
    case _: Project | _: Filter =>
      val stripped = strip(plan)
      if (stripped eq plan) Nil else Seq(planLater(stripped))
    case _ => Nil
  }

  /** `plan`, a chain of projections and filters, without the runtime filters to leave out (itself if none). */
  private def strip(plan: LogicalPlan): LogicalPlan = plan match {
    case p @ Project(_, child) =>
      val c = strip(child)
      if (c eq child) p else p.copy(child = c)
    case f @ Filter(condition, child) =>
      val c = strip(child)
      val conjuncts = splitConjunctivePredicates(condition)
      val kept = conjuncts.filterNot(left(_, c))
      if (kept.size == conjuncts.size && (c eq child)) f else kept.reduceOption(And).map(Filter(_, c)).getOrElse(c)
    case other => other
  }

  /**
   * Whether `e` is a runtime filter to leave out: its filtering side is not one filtered table,
   * and it filters an Albis scan below `child` (Spark's filter sits on the scan, or above the
   * projections over it).
   */
  private def left(e: Expression, child: LogicalPlan): Boolean = nested(e) && child.exists {
    case r: DataSourceV2ScanRelation => r.scan.isInstanceOf[AlbisScan] && e.references.subsetOf(r.outputSet)
    case _ => false
  }

  /** Whether `e` is a runtime filter whose filtering side holds a join or a runtime filter itself. */
  private def nested(e: Expression): Boolean = e match {
    case d: DynamicPruningSubquery => d.buildQuery.exists {
      case _: Join => true
      case p => p.expressions.exists(_.exists(_.isInstanceOf[DynamicPruningSubquery]))
    }
    case _ => false
  }
}
