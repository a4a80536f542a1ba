package io.albis.spark.read

import org.apache.spark.sql.catalyst.InternalRow
import org.apache.spark.sql.catalyst.expressions.{Ascending, BoundReference, Descending, NullsFirst, NullsLast, SortOrder}
import org.apache.spark.sql.catalyst.expressions.codegen.LazilyGeneratedOrdering
import org.apache.spark.sql.types.StructType

/**
 * A LIMIT (no keys) or top-N (keys) pushed into an Albis scan, as its tasks apply it: at most
 * `rows` rows each, the first ones read ([[LimitedReads]]) or the top ones by the keys
 * ([[TopRows]]). Spark applies the LIMIT or top-N again over the tasks' rows.
 */
case class RowLimit(rows: Int, keys: Seq[RowLimit.Key]) {
  /** The order of the keys over rows of `schema` (the scan's output), compiled by Spark on first use. */
  def ordering(schema: StructType): Ordering[InternalRow] = new LazilyGeneratedOrdering(keys.map { k =>
    val f = schema(k.column)
    SortOrder(BoundReference(k.column, f.dataType, f.nullable), if (k.descending) Descending else Ascending,
      if (k.nullsFirst) NullsFirst else NullsLast, Seq.empty)
  })
}

object RowLimit {
  /** A key of a top-N: the output column `column`, in which direction, nulls first or last. */
  case class Key(column: Int, descending: Boolean, nullsFirst: Boolean)
}
