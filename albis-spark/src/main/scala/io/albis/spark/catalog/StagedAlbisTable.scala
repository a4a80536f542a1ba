package io.albis.spark.catalog

import io.albis.spark.AlbisTableV2
import io.albis.spark.write.{AlbisWriteBuilder, AlbisWrites, WriteOrder}
import org.apache.spark.sql.albis.CatalogColumns
import org.apache.spark.sql.connector.catalog.{Column, StagedTable, SupportsWrite, TableCapability}
import org.apache.spark.sql.connector.expressions.Transform
import org.apache.spark.sql.connector.write.{LogicalWriteInfo, SupportsTruncate, WriteBuilder}
import org.apache.spark.sql.types.StructType

import java.util
import scala.jdk.CollectionConverters._

/**
 * A table being created or replaced by `CREATE [OR REPLACE] TABLE … [AS SELECT]`. The rows of a
 * replace are written as one overwrite job of the existing table, with the new columns if they
 * differ, which its commit publishes in one step: until then, and forever if the query fails,
 * readers see the old columns and rows. A create made the (empty) table when it was staged; if the
 * query fails it is dropped again.
 */
class StagedAlbisTable private (
    table: AlbisTableV2,
    replacement: Option[(StructType, Array[Transform], util.Map[String, String])],
    undoCreate: () => Unit,
    afterReplace: (StructType, Array[Transform], Map[String, String] => Map[String, String]) => Unit)
  extends StagedTable with SupportsWrite {

  @volatile private var written = false

  /** The columns the statement gives the table: a replace's new ones, else the table's. */
  private val columnsNow: StructType = replacement match {
    case Some((schema, partitioning, _)) => CatalogTables.partitionColumnsLast(schema, partitioning)
    case None => table.schema()
  }

  private val partitioningNow: Array[Transform] = replacement.map(_._2).getOrElse(table.partitioning())

  override def name(): String = table.name()

  override def columns(): Array[Column] = CatalogColumns.toColumns(columnsNow)

  override def partitioning(): Array[Transform] = partitioningNow

  override def properties(): util.Map[String, String] = table.properties()

  override def capabilities(): util.Set[TableCapability] = table.capabilities()

  override def newWriteBuilder(info: LogicalWriteInfo): WriteBuilder = {
    written = true
    replacement match {
      case None => table.newWriteBuilder(info)
      case Some(_) if sameColumns =>
        table.newWriteBuilder(info).asInstanceOf[SupportsTruncate].truncate()
      case Some((_, partitioning, properties)) =>
        val (data, partitionSchema) = AlbisTableV2.splitColumns(columnsNow, partitioning)
        // The old table's sort order names its old columns: only the statement's own applies.
        val options = (withoutOrder(table.options) ++ CatalogTables.options(properties) ++
          info.options().asCaseSensitiveMap().asScala).asJava
        new AlbisWriteBuilder(table.storagePath, data, partitionSchema, options, info, _ => null).replacingSchema()
    }
  }

  private def sameColumns: Boolean = {
    val before = table.schema()
    columnsNow.length == before.length && columnsNow.fields.zip(before.fields).forall {
      case (a, b) => a.name.equalsIgnoreCase(b.name) && a.dataType == b.dataType
    } && AlbisTableV2.partitionNames(partitioningNow).map(_.toLowerCase) ==
      table.partitionSchema.fieldNames.toSeq.map(_.toLowerCase)
  }

  /** A replace without rows (`CREATE OR REPLACE TABLE t (…)`) publishes an empty table in one commit. */
  override def commitStagedChanges(): Unit = replacement.foreach { _ =>
    if (!written) {
      if (!sameColumns) {
        throw new UnsupportedOperationException(s"REPLACE TABLE ${table.name()} with other columns and no rows: " +
          "drop and create the table, or replace it AS SELECT")
      }
      AlbisWrites.truncate(table.storagePath)
    }
    afterReplace(columnsNow, partitioningNow, orderNow)
  }

  /**
   * How the replace edits the sort order among a table's properties: a replace of the columns
   * records the statement's own order (or none), as its commit does; one of the same columns keeps
   * the table's.
   */
  private def orderNow: Map[String, String] => Map[String, String] = replacement match {
    case Some((_, _, properties)) if !sameColumns =>
      val given = CatalogTables.options(properties).filter { case (k, _) => isOrder(k) }
      old => withoutOrder(old) ++ given
    case _ => identity
  }

  private def isOrder(key: String): Boolean =
    key.equalsIgnoreCase(WriteOrder.SORT_BY) || key.equalsIgnoreCase(WriteOrder.SORT_SCOPE)

  private def withoutOrder(properties: Map[String, String]): Map[String, String] =
    properties.filter { case (k, _) => !isOrder(k) }

  override def abortStagedChanges(): Unit =
    if (replacement.isEmpty) undoCreate()
}

object StagedAlbisTable {
  /** A table created when it was staged: aborting drops it. */
  def created(table: AlbisTableV2, drop: () => Unit): StagedAlbisTable =
    new StagedAlbisTable(table, None, drop, (_, _, _) => ())

  /**
   * A replace of `table` by a table of `schema`, `partitioning` and `properties`, its rows and
   * columns replaced in one commit; `afterReplace` tells a catalog the new columns once it
   * committed, and how the table's properties changed.
   */
  def replaced(table: AlbisTableV2, schema: StructType, partitioning: Array[Transform],
      properties: util.Map[String, String],
      afterReplace: (StructType, Array[Transform], Map[String, String] => Map[String, String]) => Unit)
      : StagedAlbisTable =
    new StagedAlbisTable(table, Some((schema, partitioning, properties)), () => (), afterReplace)
}
