package io.albis.spark.write

import org.apache.spark.SparkEnv
import org.apache.spark.sql.catalyst.InternalRow
import org.apache.spark.sql.catalyst.expressions.{Ascending, BoundReference, RowOrdering, SortOrder, SortPrefix, UnsafeProjection, UnsafeRow}
import org.apache.spark.sql.execution.{SortPrefixUtils, UnsafeExternalRowSorter}
import org.apache.spark.sql.internal.SQLConf
import org.apache.spark.sql.types.StructType

import scala.jdk.CollectionConverters._

/**
 * Sorts the rows one task writes into one output file, by `columns` of `schema` ascending with
 * nulls first, with the sorter Spark's own sort operator uses: the rows are kept as `UnsafeRow`
 * bytes in pages of the task's execution memory, which Spark accounts and shares with the other
 * operators of the task, and spilled to the executor's local disks when that memory runs out, so
 * a task sorts more rows than fit in memory. Its comparisons start from a 64-bit prefix of the
 * first sort column, as Spark's do. Made and used in a task (it needs the task's memory manager).
 */
final class RowSorter(schema: StructType, columns: java.util.List[String]) {
  private val order: Seq[SortOrder] = columns.asScala.toSeq.map { name =>
    val i = schema.fieldIndex(name)
    SortOrder(BoundReference(i, schema(i).dataType, nullable = true), Ascending)
  }

  private val sorter: UnsafeExternalRowSorter = {
    val first = order.head
    val prefix = SortPrefix(first)
    val prefixOf = UnsafeProjection.create(Seq(prefix))
    val computer = new UnsafeExternalRowSorter.PrefixComputer {
      private val result = new UnsafeExternalRowSorter.PrefixComputer.Prefix

      override def computePrefix(row: InternalRow): UnsafeExternalRowSorter.PrefixComputer.Prefix = {
        val p = prefixOf(row)
        result.isNull = p.isNullAt(0)
        result.value = if (result.isNull) prefix.nullValue else p.getLong(0)
        result
      }
    }
    val radix = SQLConf.get.enableRadixSort && order.length == 1 && SortPrefixUtils.canSortFullyWithPrefix(first)
    UnsafeExternalRowSorter.create(schema, RowOrdering.create(order, Seq.empty), SortPrefixUtils.getPrefixComparator(first),
      computer, SparkEnv.get.memoryManager.pageSizeBytes, radix)
  }

  /** Turns rows that are not `UnsafeRow`s into one; made on the first such row (most plans hand over `UnsafeRow`s). */
  private lazy val toUnsafe = UnsafeProjection.create(schema)

  /** Adds a row; its bytes are copied, so the caller may reuse it. */
  def insert(row: InternalRow): Unit = row match {
    case u: UnsafeRow => sorter.insertRow(u)
    case other => sorter.insertRow(toUnsafe(other))
  }

  /** The rows in order, once; each row is valid until the next. The sorter's memory goes back when they run out. */
  def sorted(): java.util.Iterator[InternalRow] = sorter.sort().asJava

  /** Gives the sorter's memory and spill files back; safe to call again. */
  def release(): Unit = sorter.cleanupResources()
}
