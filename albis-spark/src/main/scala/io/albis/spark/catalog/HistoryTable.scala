package io.albis.spark.catalog

import io.albis.storage.Storages
import io.albis.table.TableHistory
import org.apache.spark.sql.catalyst.InternalRow
import org.apache.spark.sql.connector.catalog.{SupportsRead, Table, TableCapability}
import org.apache.spark.sql.connector.read.{LocalScan, Scan, ScanBuilder}
import org.apache.spark.sql.types.{DataTypes, StructType}
import org.apache.spark.sql.util.CaseInsensitiveStringMap
import org.apache.spark.unsafe.types.UTF8String

import java.util
import scala.jdk.CollectionConverters._

/**
 * A table's history as a table, `<table>.history` in an Albis catalog: one row per table state the
 * table keeps, newest first (its version, commit time, operation, write mode, rows, schema version
 * and row groups), read from the states when the query is planned.
 */
class HistoryTable(tableName: String, location: String) extends Table with SupportsRead {
  override def name(): String = s"$tableName.history"

  override def schema(): StructType = HistoryTable.Schema

  override def capabilities(): util.Set[TableCapability] = Set(TableCapability.BATCH_READ).asJava

  override def newScanBuilder(options: CaseInsensitiveStringMap): ScanBuilder = () => new LocalScan {
    override def readSchema(): StructType = HistoryTable.Schema

    override def rows(): Array[InternalRow] =
      TableHistory.of(Storages.forPath(location), location).asScala.map { e =>
        InternalRow(e.version(), Math.multiplyExact(e.commitMillis(), 1000L), UTF8String.fromString(e.operation()),
          UTF8String.fromString(e.mode().name()), e.rows(), e.schemaVersion(), e.rowGroups())
      }.toArray

    override def description(): String = s"history of $tableName"
  }
}

object HistoryTable {
  /** The name a table's history takes after the table's own. */
  val Name = "history"

  val Schema: StructType = new StructType()
    .add("version", DataTypes.IntegerType, nullable = false)
    .add("committed_at", DataTypes.TimestampType, nullable = false)
    .add("operation", DataTypes.StringType, nullable = false)
    .add("mode", DataTypes.StringType, nullable = false)
    .add("rows", DataTypes.LongType, nullable = false)
    .add("schema_version", DataTypes.IntegerType, nullable = false)
    .add("row_groups", DataTypes.IntegerType, nullable = false)
}
