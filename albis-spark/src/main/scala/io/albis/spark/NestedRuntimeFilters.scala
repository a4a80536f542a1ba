package io.albis.spark

import io.albis.spark.read.AlbisScan
import org.apache.spark.sql.catalyst.expressions.{And, DynamicPruningSubquery, Expression, PredicateHelper}
import org.apache.spark.sql.catalyst.plans.logical.{Filter, LogicalPlan}
import org.apache.spark.sql.execution.{SparkPlan, SparkStrategy}
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2ScanRelation

/**
 * Leaves out of an Albis scan's plan every runtime filter whose filtering side is itself filtered
 * at run time. Spark plans dynamic pruning bottom-up and gives each runtime filter a copy of the
 * plan of the join's other side, runtime filters included; once Albis scans offer their data
 * columns to runtime filters, a query whose joins filter joins (TPC-DS q14's `cross_items`) gets
 * copies of copies, and its plan grows with the depth of its joins: q14b's grew from about 90 scans
 * to 4,800, and planning them took longer than running the query on Parquet. A runtime filter
 * from a plain filtered side (a date dimension) is kept; one from a side that is a chain of
 * filtered joins rarely drops enough rows to pay for that. The conjunct is removed before Spark
 * plans its subquery, so neither the copy nor the filter is planned.
 */
object NestedRuntimeFilters extends SparkStrategy with PredicateHelper {
  override def apply(plan: LogicalPlan): Seq[SparkPlan] = plan match {
    case Filter(condition, scan: DataSourceV2ScanRelation) if scan.scan.isInstanceOf[AlbisScan] && condition.exists(nested) =>
      val kept = splitConjunctivePredicates(condition).filterNot(nested)
      Seq(planLater(kept.reduceOption(And).map(Filter(_, scan)).getOrElse(scan)))
    case _ => Nil
  }

  /** Whether `e` is a runtime filter whose filtering side holds a runtime filter itself. */
  private def nested(e: Expression): Boolean = e match {
    case d: DynamicPruningSubquery => d.buildQuery.exists(_.expressions.exists(_.exists(_.isInstanceOf[DynamicPruningSubquery])))
    case _ => false
  }
}
