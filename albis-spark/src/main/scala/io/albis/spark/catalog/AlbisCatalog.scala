package io.albis.spark.catalog

import io.albis.spark.AlbisTableV2
import io.albis.spark.write.AlbisWrites
import io.albis.spark.table.{HadoopPaths, TableSnapshot, TimeTravel}
import io.albis.storage.{Storage, Storages}
import io.albis.table.TableProperties
import org.apache.hadoop.fs.Path
import org.apache.spark.sql.SparkSession
import org.apache.spark.sql.albis.CatalogColumns
import org.apache.spark.sql.catalyst.analysis.{NamespaceAlreadyExistsException, NoSuchNamespaceException, NoSuchTableException, NonEmptyNamespaceException, TableAlreadyExistsException}
import org.apache.spark.sql.connector.catalog.{Column, Identifier, NamespaceChange, ProcedureCatalog, StagedTable, StagingTableCatalog, SupportsNamespaces, Table, TableCatalog, TableChange}
import org.apache.spark.sql.connector.catalog.procedures.UnboundProcedure
import org.apache.spark.sql.connector.expressions.{Expressions, Transform}
import org.apache.spark.sql.types.StructType
import org.apache.spark.sql.util.CaseInsensitiveStringMap

import java.util
import scala.jdk.CollectionConverters._

/**
 * A catalog of Albis tables kept in a warehouse directory on local, `hdfs://` or `crail://`
 * storage, and nowhere else: a namespace is a directory, a table a table directory in it, its
 * properties (and partition columns) live in its table state. So every JVM that names the same
 * warehouse sees the same tables, versions and properties, and a table's changes are the Albis
 * commits that make them.
 *
 * {{{
 * spark.sql.catalog.lake=io.albis.spark.catalog.AlbisCatalog
 * spark.sql.catalog.lake.warehouse=hdfs://namenode/warehouse
 * }}}
 */
class AlbisCatalog extends TableCatalog with SupportsNamespaces with StagingTableCatalog with ProcedureCatalog {
  private var catalogName: String = _
  private var storage: Storage = _
  private var paths: WarehousePaths = _

  override def initialize(name: String, options: CaseInsensitiveStringMap): Unit = {
    catalogName = name
    val warehouse = Option(options.get("warehouse")).getOrElse(throw new IllegalArgumentException(
      s"catalog $name needs its warehouse directory: spark.sql.catalog.$name.warehouse"))
    val root = HadoopPaths.storagePath(new Path(warehouse))
    storage = Storages.forPath(root)
    storage.mkdirs(root)
    paths = new WarehousePaths(storage, root)
  }

  override def name(): String = catalogName

  override def defaultNamespace(): Array[String] = Array("default")

  // --- namespaces: directories of the warehouse that are not tables

  private def isTable(dir: String): Boolean = storage.isDirectory(dir) && TableSnapshot.isTableDirectory(storage, dir)

  private def isNamespace(dir: String): Boolean = storage.isDirectory(dir) && !TableSnapshot.isTableDirectory(storage, dir)

  private def children(dir: String): Seq[String] =
    storage.list(dir).asScala.toSeq.filterNot(n => n.startsWith("_") || n.startsWith("."))

  override def listNamespaces(): Array[Array[String]] = listNamespaces(Array.empty[String])

  override def listNamespaces(namespace: Array[String]): Array[Array[String]] = {
    val dir = paths.namespace(namespace)
    if (namespace.nonEmpty && !isNamespace(dir)) throw new NoSuchNamespaceException(namespace)
    children(dir).filter(n => isNamespace(storage.resolve(dir, n))).map(n => namespace :+ n).toArray
  }

  override def namespaceExists(namespace: Array[String]): Boolean =
    namespace.isEmpty || isNamespace(paths.namespace(namespace))

  override def loadNamespaceMetadata(namespace: Array[String]): util.Map[String, String] = {
    if (!namespaceExists(namespace)) throw new NoSuchNamespaceException(namespace)
    Map(SupportsNamespaces.PROP_LOCATION -> paths.namespace(namespace)).asJava
  }

  override def createNamespace(namespace: Array[String], metadata: util.Map[String, String]): Unit = {
    val dir = paths.namespace(namespace)
    if (storage.exists(dir)) throw new NamespaceAlreadyExistsException(namespace)
    storage.mkdirs(dir)
  }

  override def alterNamespace(namespace: Array[String], changes: NamespaceChange*): Unit =
    throw new UnsupportedOperationException(s"namespaces of $catalogName are directories and keep no properties")

  override def dropNamespace(namespace: Array[String], cascade: Boolean): Boolean = {
    val dir = paths.namespace(namespace)
    if (!isNamespace(dir)) return false
    if (!cascade && children(dir).nonEmpty) throw new NonEmptyNamespaceException(namespace)
    storage.delete(dir)
    true
  }

  // --- tables

  override def listTables(namespace: Array[String]): Array[Identifier] = {
    val dir = paths.namespace(namespace)
    if (!isNamespace(dir)) throw new NoSuchNamespaceException(namespace)
    children(dir).filter(n => isTable(storage.resolve(dir, n))).map(n => Identifier.of(namespace, n)).toArray
  }

  private def location(ident: Identifier): String = paths.table(ident.namespace(), ident.name())

  override def tableExists(ident: Identifier): Boolean = isTable(location(ident))

  override def loadTable(ident: Identifier): Table = {
    val ns = ident.namespace()
    if (ident.name() == HistoryTable.Name && ns.nonEmpty && isTable(paths.namespace(ns))) {
      return new HistoryTable(s"$catalogName.${ns.mkString(".")}", paths.namespace(ns))
    }
    load(ident, None)
  }

  override def loadProcedure(ident: Identifier): UnboundProcedure = AlbisProcedures.load(ident, tableName => {
    val dir = location(AlbisProcedures.tableIdentifier(tableName))
    if (!isTable(dir)) throw new IllegalArgumentException(s"$tableName is not a table of $catalogName")
    dir
  })

  override def listProcedures(namespace: Array[String]): Array[Identifier] = AlbisProcedures.list(namespace)

  override def loadTable(ident: Identifier, version: String): Table = load(ident, Some(TimeTravel.version(version)))

  override def loadTable(ident: Identifier, timestamp: Long): Table = {
    val dir = location(ident)
    if (!isTable(dir)) throw new NoSuchTableException(ident)
    load(ident, Some(TimeTravel.versionAt(dir, timestamp)))
  }

  private def load(ident: Identifier, version: Option[Int]): AlbisTableV2 = {
    val dir = location(ident)
    if (!isTable(dir)) throw new NoSuchTableException(ident)
    val properties = TableProperties.of(storage, dir)
    val partitionSchema = AlbisWrites.partitionColumns(properties)
    val data = TableSnapshot.open(dir, version.getOrElse(0), System.currentTimeMillis())
    val columns = CatalogColumns.toColumns(StructType(
      io.albis.spark.types.SparkTypes.toSpark(data.schema().fields()).fields ++ partitionSchema.fields))
    val partitioning: Array[Transform] = partitionSchema.fieldNames.map(n => Expressions.identity(n): Transform)
    CatalogTables.load(s"$catalogName.$ident", dir, columns, partitioning, properties, version)
  }

  override def createTable(ident: Identifier, columns: Array[Column], partitions: Array[Transform],
      properties: util.Map[String, String]): Table = {
    create(ident, CatalogColumns.toSchema(columns), partitions, properties)
    loadTable(ident)
  }

  private def create(ident: Identifier, schema: StructType, partitions: Array[Transform],
      properties: util.Map[String, String]): String = {
    if (Option(properties.get(TableCatalog.PROP_LOCATION)).isDefined) {
      throw new UnsupportedOperationException(s"tables of $catalogName live in its warehouse; LOCATION is not taken")
    }
    if (!namespaceExists(ident.namespace())) throw new NoSuchNamespaceException(ident.namespace())
    val dir = location(ident)
    if (storage.exists(dir)) throw new TableAlreadyExistsException(ident)
    if (schema.isEmpty) throw new IllegalArgumentException(s"$ident: a table of $catalogName needs columns")
    try {
      CatalogTables.create(dir, CatalogTables.partitionColumnsLast(schema, partitions), partitions, properties)
    } catch {
      case e: Throwable =>
        try storage.delete(dir) catch { case d: Throwable => e.addSuppressed(d) }
        throw e
    }
    dir
  }

  override def alterTable(ident: Identifier, changes: TableChange*): Table = {
    val dir = location(ident)
    if (!isTable(dir)) throw new NoSuchTableException(ident)
    TableChanges.apply(dir, changes)
    loadTable(ident)
  }

  override def dropTable(ident: Identifier): Boolean = {
    val dir = location(ident)
    if (!isTable(dir)) return false
    storage.delete(dir)
    true
  }

  override def renameTable(oldIdent: Identifier, newIdent: Identifier): Unit = {
    val from = location(oldIdent)
    if (!isTable(from)) throw new NoSuchTableException(oldIdent)
    val to = location(newIdent)
    if (storage.exists(to)) throw new TableAlreadyExistsException(newIdent)
    if (!namespaceExists(newIdent.namespace())) throw new NoSuchNamespaceException(newIdent.namespace())
    storage.rename(from, to)
  }

  // --- staged CREATE / REPLACE TABLE [AS SELECT]

  override def stageCreate(ident: Identifier, columns: Array[Column], partitions: Array[Transform],
      properties: util.Map[String, String]): StagedTable = {
    val dir = create(ident, CatalogColumns.toSchema(columns), partitions, properties)
    StagedAlbisTable.created(load(ident, None), () => storage.delete(dir))
  }

  override def stageReplace(ident: Identifier, columns: Array[Column], partitions: Array[Transform],
      properties: util.Map[String, String]): StagedTable = {
    if (!tableExists(ident)) throw new NoSuchTableException(ident)
    StagedAlbisTable.replaced(load(ident, None), CatalogColumns.toSchema(columns), partitions, properties,
      (_, _, _) => ()) // the table state holds the columns and properties: nothing else to tell
  }

  override def stageCreateOrReplace(ident: Identifier, columns: Array[Column], partitions: Array[Transform],
      properties: util.Map[String, String]): StagedTable =
    if (tableExists(ident)) stageReplace(ident, columns, partitions, properties)
    else stageCreate(ident, columns, partitions, properties)
}
