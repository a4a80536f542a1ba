package org.apache.spark.sql.albis

import org.apache.spark.sql.catalyst.expressions.Expression
import org.apache.spark.sql.execution.datasources.DataSourceStrategy
import org.apache.spark.sql.sources.Filter

/**
 * Spark's own translation of a filter expression into a data source filter, which Spark keeps
 * visible to its `sql` package only; it lives here so the albis scan can tell, expression by
 * expression, which of the filters Spark hands it Albis evaluates exactly.
 */
object FilterTranslation {
  def translate(e: Expression): Option[Filter] =
    DataSourceStrategy.translateFilter(e, supportNestedPredicatePushdown = false)
}
