package org.apache.spark.sql.albis

import org.apache.spark.sql.catalyst.analysis.Resolver
import org.apache.spark.sql.connector.expressions.filter.{Predicate => V2Predicate}
import org.apache.spark.sql.internal.connector.PredicateUtils
import org.apache.spark.sql.sources.{EqualTo, Filter, In}
import org.apache.spark.sql.types.StructType

/**
 * The predicates Spark derives while a query runs for a scan's data columns (dynamic pruning on a
 * join key that is not a partition column: `k IN (the keys the other side of the join kept)`), as
 * data source filters the reader evaluates like pushed ones. It lives here because Spark keeps its
 * translation of such predicates visible to its `sql` package only.
 */
object RuntimeDataFilters {
  /**
   * The predicates that are an `IN` list or an equality on one column of `dataSchema`, with the
   * column named as the schema names it; the others are left out (a runtime filter only saves
   * work: the join still filters every row).
   */
  def of(predicates: Array[V2Predicate], dataSchema: StructType, resolver: Resolver): Seq[Filter] = {
    def field(name: String): Option[String] = dataSchema.fieldNames.find(resolver(_, name))
    predicates.toSeq.flatMap(p => PredicateUtils.toV1(p)).flatMap {
      case In(a, values) => field(a).map(In(_, values))
      case EqualTo(a, value) => field(a).map(EqualTo(_, value))
      case _ => None
    }
  }
}
