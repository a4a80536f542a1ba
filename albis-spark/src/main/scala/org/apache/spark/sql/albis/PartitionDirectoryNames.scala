package org.apache.spark.sql.albis

import org.apache.spark.sql.catalyst.InternalRow
import org.apache.spark.sql.catalyst.catalog.ExternalCatalogUtils
import org.apache.spark.sql.catalyst.expressions.{BoundReference, Cast, UnsafeProjection, UnsafeRow}
import org.apache.spark.sql.types.{StringType, StructType}

/**
 * The partition directory of a written row, `a=1/b=x`, named as Spark's file sources name theirs
 * (its escaping, its time zone for timestamps, its name for null), so a table reads the same
 * whether Spark's V1 writer or a V2 write made its partitions. The partition columns are the
 * row's last ones, from `offset` on. Rows come clustered by partition (the write asks Spark to
 * sort them so), so the name is computed again only when the values change.
 */
final class PartitionDirectoryNames(partitionSchema: StructType, offset: Int, timeZone: String) {
  private val values = UnsafeProjection.create(partitionSchema.fields.zipWithIndex.map { case (f, i) =>
    BoundReference(offset + i, f.dataType, nullable = true)
  }.toSeq)
  private val casts = partitionSchema.fields.zipWithIndex.map { case (f, i) =>
    Cast(BoundReference(i, f.dataType, nullable = true), StringType, Some(timeZone))
  }
  private var last: UnsafeRow = _
  private var lastName: String = _

  /** The directory of `row`'s partition. */
  def of(row: InternalRow): String = {
    val v = values(row)
    if (last == null || !last.equals(v)) {
      last = v.copy()
      lastName = partitionSchema.fields.indices.map { i =>
        val s = casts(i).eval(last)
        ExternalCatalogUtils.getPartitionPathString(partitionSchema(i).name, if (s == null) null else s.toString)
      }.mkString("/")
    }
    lastName
  }
}
