package io.albis.spark.catalog

import io.albis.spark.AlbisTableV2
import io.albis.spark.table.TimeTravel
import org.apache.spark.sql.SparkSession
import org.apache.spark.sql.albis.CatalogColumns
import org.apache.spark.sql.connector.catalog.{Column, DelegatingCatalogExtension, Identifier, ProcedureCatalog, StagedTable, StagingTableCatalog, Table, TableCatalog, TableChange}
import org.apache.spark.sql.connector.catalog.procedures.UnboundProcedure
import org.apache.spark.sql.connector.expressions.Transform

import java.util
import scala.jdk.CollectionConverters._

/**
 * Spark's session catalog with Albis tables as V2 tables. Switched on with one setting,
 * `spark.sql.catalog.spark_catalog=io.albis.spark.catalog.AlbisSessionCatalog`; every table whose
 * provider is not `albis` (Parquet, Hive, views, …) is the built-in catalog's, untouched.
 *
 * An Albis table is kept in the session's metastore (name, location, columns, properties) like any
 * data source table, and loaded as an [[AlbisTableV2]]: reads plan a task per row group of one
 * snapshot, writes are one Albis commit each, `CREATE TABLE AS SELECT` and `REPLACE TABLE AS
 * SELECT` are staged ([[StagedAlbisTable]]) so a failed query leaves the table as it was.
 */
class AlbisSessionCatalog extends DelegatingCatalogExtension with StagingTableCatalog with ProcedureCatalog {

  override def loadTable(ident: Identifier): Table = history(ident).getOrElse(asAlbis(ident, super.loadTable(ident), None))

  /** `db.t.history`: the history of the Albis table `db.t` ([[HistoryTable]]). */
  private def history(ident: Identifier): Option[Table] =
    if (ident.name() != HistoryTable.Name || ident.namespace().length != 2) None
    else {
      val base = Identifier.of(ident.namespace().take(1), ident.namespace()(1))
      val t = super.loadTable(base)
      if (!CatalogTables.isAlbis(t.properties())) None
      else Some(new HistoryTable(s"$name.$base", CatalogTables.storagePath(t.properties().get(TableCatalog.PROP_LOCATION))))
    }

  override def loadProcedure(ident: Identifier): UnboundProcedure = AlbisProcedures.load(ident, tableName => {
    val named = AlbisProcedures.tableIdentifier(tableName)
    val ident = if (named.namespace().nonEmpty) named
      else Identifier.of(Array(SparkSession.active.catalog.currentDatabase), named.name())
    val t = super.loadTable(ident)
    if (!CatalogTables.isAlbis(t.properties())) {
      throw new IllegalArgumentException(s"$tableName is not an Albis table")
    }
    t.properties().get(TableCatalog.PROP_LOCATION)
  })

  override def listProcedures(namespace: Array[String]): Array[Identifier] = AlbisProcedures.list(namespace)

  override def loadTable(ident: Identifier, version: String): Table =
    asAlbis(ident, super.loadTable(ident), Some(TimeTravel.version(version)))

  override def loadTable(ident: Identifier, timestamp: Long): Table = {
    val t = super.loadTable(ident)
    val location = t.properties().get(TableCatalog.PROP_LOCATION)
    if (!CatalogTables.isAlbis(t.properties())) {
      return super.loadTable(ident, timestamp)
    }
    asAlbis(ident, t, Some(TimeTravel.versionAt(CatalogTables.storagePath(location), timestamp)))
  }

  private def asAlbis(ident: Identifier, t: Table, version: Option[Int]): Table =
    if (CatalogTables.isAlbis(t.properties())) {
      CatalogTables.load(s"$name.$ident", t.properties().get(TableCatalog.PROP_LOCATION), t.columns(),
        t.partitioning(), t.properties(), version)
    } else if (version.isDefined) {
      throw new UnsupportedOperationException(s"$ident is not an Albis table: time travel is the tables' own")
    } else {
      t
    }

  override def createTable(ident: Identifier, columns: Array[Column], partitions: Array[Transform],
      properties: util.Map[String, String]): Table = {
    if (!CatalogTables.isAlbis(properties)) {
      return super.createTable(ident, columns, partitions, properties)
    }
    create(ident, CatalogColumns.toSchema(columns), partitions, properties)
    loadTable(ident)
  }

  /**
   * Registers the table, then makes its directory an Albis table: a managed table's location must
   * be empty when Spark registers it. If the second step fails the registration is undone.
   */
  private[catalog] def create(ident: Identifier, schema: org.apache.spark.sql.types.StructType,
      partitions: Array[Transform], properties: util.Map[String, String]): String = {
    val ordered = CatalogTables.partitionColumnsLast(schema, partitions)
    val explicit = Option(properties.get(TableCatalog.PROP_LOCATION))
    val location = explicit.getOrElse(defaultLocation(ident))
    val props = new util.HashMap[String, String](properties)
    props.put(TableCatalog.PROP_LOCATION, location)
    if (explicit.isEmpty) {
      props.put(TableCatalog.PROP_IS_MANAGED_LOCATION, "true")
    }
    super.createTable(ident, CatalogColumns.toColumns(ordered), partitions, props)
    try {
      CatalogTables.create(location, ordered, partitions, properties)
    } catch {
      case e: Throwable =>
        try super.dropTable(ident) catch { case d: Throwable => e.addSuppressed(d) }
        throw e
    }
    location
  }

  private def defaultLocation(ident: Identifier): String = {
    val db = ident.namespace().lastOption.orElse(Some(SparkSession.active.catalog.currentDatabase))
    CatalogColumns.defaultLocation(SparkSession.active, ident.name(), db)
  }

  override def alterTable(ident: Identifier, changes: TableChange*): Table = {
    val t = super.loadTable(ident)
    if (!CatalogTables.isAlbis(t.properties())) {
      return super.alterTable(ident, changes: _*)
    }
    TableChanges.apply(CatalogTables.storagePath(t.properties().get(TableCatalog.PROP_LOCATION)), changes)
    super.alterTable(ident, changes: _*)
    loadTable(ident)
  }

  override def stageCreate(ident: Identifier, columns: Array[Column], partitions: Array[Transform],
      properties: util.Map[String, String]): StagedTable = {
    if (!CatalogTables.isAlbis(properties)) {
      throw new UnsupportedOperationException(s"$ident: atomic CREATE TABLE AS SELECT is for Albis tables; " +
        "other providers are created by the session catalog without staging")
    }
    val schema = CatalogColumns.toSchema(columns)
    create(ident, schema, partitions, properties)
    StagedAlbisTable.created(loadTable(ident).asInstanceOf[AlbisTableV2], () => super.dropTable(ident))
  }

  override def stageReplace(ident: Identifier, columns: Array[Column], partitions: Array[Transform],
      properties: util.Map[String, String]): StagedTable = {
    val existing = super.loadTable(ident)
    if (!CatalogTables.isAlbis(existing.properties()) || !CatalogTables.isAlbis(properties)) {
      throw new UnsupportedOperationException(s"$ident: REPLACE TABLE replaces an Albis table by an Albis table")
    }
    val table = loadTable(ident).asInstanceOf[AlbisTableV2]
    StagedAlbisTable.replaced(table, CatalogColumns.toSchema(columns), partitions, properties,
      (schema, partitioning, properties) => CatalogColumns.replaceColumns(SparkSession.active,
        ident.namespace().lastOption, ident.name(), schema, AlbisTableV2.partitionNames(partitioning), properties))
  }

  override def stageCreateOrReplace(ident: Identifier, columns: Array[Column], partitions: Array[Transform],
      properties: util.Map[String, String]): StagedTable =
    if (tableExists(ident)) stageReplace(ident, columns, partitions, properties)
    else stageCreate(ident, columns, partitions, properties)
}
