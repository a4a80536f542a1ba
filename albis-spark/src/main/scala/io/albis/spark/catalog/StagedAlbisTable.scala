package io.albis.spark.catalog

import io.albis.spark.AlbisTableV2
import io.albis.spark.write.AlbisWrites
import org.apache.spark.sql.connector.catalog.{StagedTable, SupportsWrite, TableCapability}
import org.apache.spark.sql.connector.expressions.Transform
import org.apache.spark.sql.connector.write.{LogicalWriteInfo, WriteBuilder}
import org.apache.spark.sql.types.StructType

import java.util

/**
 * A table being created or replaced by `CREATE [OR REPLACE] TABLE … [AS SELECT]`. The rows of a
 * replace are written as one overwrite job of the existing table, which its commit publishes in
 * one step: until then, and forever if the query fails, readers see the old rows. A create made the
 * (empty) table when it was staged; if the query fails it is dropped again.
 */
class StagedAlbisTable private (table: AlbisTableV2, replace: Boolean, undoCreate: () => Unit)
  extends StagedTable with SupportsWrite {

  @volatile private var written = false

  override def name(): String = table.name()

  override def columns(): Array[org.apache.spark.sql.connector.catalog.Column] = table.columns()

  override def partitioning(): Array[Transform] = table.partitioning()

  override def properties(): util.Map[String, String] = table.properties()

  override def capabilities(): util.Set[TableCapability] = table.capabilities()

  override def newWriteBuilder(info: LogicalWriteInfo): WriteBuilder = {
    written = true
    val builder = table.newWriteBuilder(info)
    if (replace) builder.asInstanceOf[org.apache.spark.sql.connector.write.SupportsTruncate].truncate() else builder
  }

  /** A replace without rows (`CREATE OR REPLACE TABLE t (…)`) publishes an empty table in one commit. */
  override def commitStagedChanges(): Unit =
    if (replace && !written) {
      AlbisWrites.truncate(table.storagePath)
    }

  override def abortStagedChanges(): Unit =
    if (!replace) undoCreate()
}

object StagedAlbisTable {
  /** A table created when it was staged: aborting drops it. */
  def created(table: AlbisTableV2, drop: () => Unit): StagedAlbisTable = new StagedAlbisTable(table, false, drop)

  /**
   * A replace of `table` by a table of `schema`: its rows are replaced in one commit. A replace
   * with other columns or partitioning is refused before anything is written.
   */
  def replaced(table: AlbisTableV2, schema: StructType, partitioning: Array[Transform],
      properties: util.Map[String, String]): StagedAlbisTable = {
    val now = CatalogTables.partitionColumnsLast(schema, partitioning)
    val same = now.length == table.schema().length && now.fields.zip(table.schema().fields).forall {
      case (a, b) => a.name.equalsIgnoreCase(b.name) && a.dataType == b.dataType
    } && AlbisTableV2.partitionNames(partitioning).map(_.toLowerCase) == table.partitionSchema.fieldNames.toSeq.map(_.toLowerCase)
    if (!same) {
      throw new UnsupportedOperationException(s"REPLACE TABLE ${table.name()} with other columns " +
        s"(${now.simpleString} instead of ${table.schema().simpleString}) is not supported yet: the rows would be " +
        "replaced atomically, the schema not; drop and create the table instead")
    }
    new StagedAlbisTable(table, true, () => ())
  }
}
