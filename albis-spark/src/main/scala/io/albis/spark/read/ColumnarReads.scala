package io.albis.spark.read

import java.nio.ByteOrder
import java.util.Locale

import org.apache.spark.sql.execution.WholeStageCodegenExec
import org.apache.spark.sql.execution.vectorized.ConstantColumnVector
import org.apache.spark.sql.internal.SQLConf
import org.apache.spark.sql.types.StructType

/**
 * Which path brings an Albis scan's rows into Spark. The columnar path ([[RowGroupBatches]]) hands
 * Spark batches of [[AlbisColumnVector]]s over the segment buffers; the row path ([[RowGroupRows]])
 * converts each row into an UnsafeRow. The columnar path runs when Spark takes batches from a scan
 * (whole-stage codegen on, at most `spark.sql.codegen.maxFields` columns, partition columns
 * included), the host is little-endian (as the format and Spark's vectors are) and
 * [[ColumnarReads.Enabled]] is not `false`; the row path otherwise. Every Albis type has a vector.
 */
object ColumnarReads {
  /** The session conf that turns the columnar path off (`false`), to measure or compare the row path. */
  val Enabled = "spark.sql.albis.columnarReader.enabled"

  /** Whether this session reads Albis through batches: the conf, and a little-endian host. */
  def enabled(conf: SQLConf): Boolean = {
    val value = conf.getConfString(Enabled, "true").trim.toLowerCase(Locale.ROOT)
    value match {
      case "true" => ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN
      case "false" => false
      case other => throw new IllegalArgumentException(s"$Enabled must be true or false, not '$other'")
    }
  }

  /**
   * Whether a scan producing `schema` (data columns, then partition columns) reads through batches:
   * Spark's own conditions for a batch scan, which the V1 scan checks itself and a V2 reader
   * factory must, and [[enabled]].
   */
  def batchScan(conf: SQLConf, schema: StructType): Boolean =
    conf.wholeStageEnabled && !WholeStageCodegenExec.isTooManyFields(conf, schema) && enabled(conf)

  /** The vector classes of a batch: Albis's for the data columns, Spark's constant vectors for the partition columns. */
  def vectorTypes(required: StructType, partitionSchema: StructType): Seq[String] =
    Seq.fill(required.length)(classOf[AlbisColumnVector].getName) ++
      Seq.fill(partitionSchema.length)(classOf[ConstantColumnVector].getName)
}
