package org.apache.spark.sql.albis

import org.apache.spark.sql.catalyst.InternalRow
import org.apache.spark.sql.catalyst.analysis.{Resolver, UnresolvedAttribute}
import org.apache.spark.sql.catalyst.expressions.{And, BoundReference, Expression, In, InSet, Literal, Predicate, V2ExpressionUtils}
import org.apache.spark.sql.connector.expressions.{FieldReference, NamedReference}
import org.apache.spark.sql.connector.expressions.filter.{Predicate => V2Predicate}
import org.apache.spark.sql.types.{BooleanType, StructType}

/**
 * The predicates Spark derives while a query runs for a scan's partition columns (dynamic
 * partition pruning: `p IN (the keys the other side of the join produced)`), as a test of a
 * partition's values. It lives here because Spark keeps its column references visible to its
 * `sql` package only.
 */
object RuntimePartitionFilters {
  /** The columns of `partitionSchema` as references Spark resolves against the scan's output. */
  def references(partitionSchema: StructType): Array[NamedReference] =
    partitionSchema.fieldNames.map(FieldReference.column)

  /**
   * The predicates as Catalyst expressions over the rows of `partitionSchema` (the partition
   * values a scan's files carry). A predicate that does not translate, names another column or
   * does not type-check is left out: a runtime filter only saves work, the join still filters
   * every row.
   */
  def bind(predicates: Array[V2Predicate], partitionSchema: StructType, resolver: Resolver): Seq[Expression] = {
    val fields = partitionSchema.fieldNames
    // The partition column a reference names, or -1 (another column, or a nested name).
    def position(nameParts: Seq[String]): Int =
      if (nameParts.length == 1) fields.indexWhere(resolver(_, nameParts.head)) else -1
    predicates.toSeq.flatMap(p => V2ExpressionUtils.toCatalyst(p)).flatMap { e =>
      val known = e.collect { case u: UnresolvedAttribute => position(u.nameParts) }.forall(_ >= 0)
      if (!known) {
        None
      } else {
        val bound = e.transform { case u: UnresolvedAttribute =>
          val i = position(u.nameParts)
          BoundReference(i, partitionSchema(i).dataType, partitionSchema(i).nullable)
        }
        Some(bound).filter(b => b.resolved && b.dataType == BooleanType).map(_.transform {
          // a hash set of the other side's keys, as Spark's optimizer makes of a long IN list
          case In(value, list) if list.forall(_.isInstanceOf[Literal]) => InSet(value, list.map(_.eval()).toSet)
        })
      }
    }
  }

  /** A test of partition values that passes what every one of `bound` keeps (all when there is none). */
  def test(bound: Seq[Expression]): InternalRow => Boolean = bound.reduceOption(And) match {
    case None => _ => true
    case Some(all) =>
      val predicate = Predicate.createInterpreted(all)
      row => predicate.eval(row)
  }
}
