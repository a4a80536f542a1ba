package org.apache.spark.sql.albis

import org.apache.spark.sql.catalyst.InternalRow
import org.apache.spark.sql.catalyst.analysis.{Resolver, UnresolvedAttribute}
import org.apache.spark.sql.catalyst.expressions.{And, AttributeReference, BoundReference, Expression, Predicate, V2ExpressionUtils}
import org.apache.spark.sql.connector.expressions.filter.{Predicate => V2Predicate}
import org.apache.spark.sql.types.StructType

/** Filters on partition columns as tests of a partition's values (a row of `partitionSchema`). */
object PartitionPredicates {
  /**
   * The test of `filters` (all of them), or None when one names a column that is not a partition
   * column. Columns are found by name, as `resolver` compares names.
   */
  def bind(filters: Seq[Expression], partitionSchema: StructType, resolver: Resolver): Option[InternalRow => Boolean] = {
    filters.reduceOption(And) match {
      case None => Some(_ => true)
      case Some(f) =>
        var foreign = false
        val bound = f.transform {
          case a: AttributeReference => reference(a.name, partitionSchema, resolver).getOrElse { foreign = true; a }
          case u: UnresolvedAttribute => reference(u.name, partitionSchema, resolver).getOrElse { foreign = true; u }
        }
        if (foreign) None else {
          val predicate = Predicate.createInterpreted(bound)
          Some(row => predicate.eval(row))
        }
    }
  }

  /** The test of V2 predicates (as Spark hands an overwrite's filter), or None when one is not on partition columns alone. */
  def bindV2(predicates: Array[V2Predicate], partitionSchema: StructType, resolver: Resolver): Option[InternalRow => Boolean] = {
    val converted = predicates.toSeq.map(p => V2ExpressionUtils.toCatalyst(p))
    if (converted.exists(_.isEmpty)) None else bind(converted.map(_.get), partitionSchema, resolver)
  }

  private def reference(name: String, partitionSchema: StructType, resolver: Resolver): Option[BoundReference] = {
    val i = partitionSchema.fields.indexWhere(c => resolver(c.name, name))
    if (i < 0) None else Some(BoundReference(i, partitionSchema(i).dataType, nullable = true))
  }
}
