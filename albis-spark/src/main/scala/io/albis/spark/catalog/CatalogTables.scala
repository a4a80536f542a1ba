package io.albis.spark.catalog

import io.albis.spark.{AlbisDataSource, AlbisFileFormat, AlbisTableV2}
import io.albis.spark.table.HadoopPaths
import io.albis.spark.write.AlbisWrites
import org.apache.hadoop.fs.Path
import org.apache.spark.sql.SparkSession
import org.apache.spark.sql.albis.CatalogColumns
import org.apache.spark.sql.connector.catalog.{Column, Table, TableCatalog}
import org.apache.spark.sql.connector.expressions.Transform
import org.apache.spark.sql.types.StructType

import java.util
import scala.jdk.CollectionConverters._

/**
 * What both Albis catalogs do with a table: recognise one, make one at a location, and hand it to
 * Spark as an [[AlbisTableV2]] that is read and written through V2.
 */
object CatalogTables {
  /** Properties a catalog keeps about a table that are not the table's own options. */
  private val Reserved = Set(TableCatalog.PROP_PROVIDER, TableCatalog.PROP_LOCATION, TableCatalog.PROP_OWNER,
    TableCatalog.PROP_COMMENT, TableCatalog.PROP_EXTERNAL, TableCatalog.PROP_IS_MANAGED_LOCATION,
    TableCatalog.PROP_TABLE_TYPE, TableCatalog.PROP_COLLATION)

  /** Whether a table's properties name the albis source as its provider. */
  def isAlbis(properties: util.Map[String, String]): Boolean =
    Option(properties.get(TableCatalog.PROP_PROVIDER)).exists(isAlbisProvider)

  def isAlbisProvider(provider: String): Boolean =
    provider.equalsIgnoreCase(AlbisFileFormat.ShortName) || provider == classOf[AlbisDataSource].getName

  /**
   * The table's own options from a catalog's properties: its table properties and the options of
   * `CREATE TABLE … OPTIONS (…)`, which catalogs keep as `option.`-prefixed properties.
   */
  def options(properties: util.Map[String, String]): Map[String, String] =
    properties.asScala.toMap.collect {
      case (k, v) if k.startsWith(TableCatalog.OPTION_PREFIX) => k.substring(TableCatalog.OPTION_PREFIX.length) -> v
      case (k, v) if !Reserved.contains(k) => k -> v
    }

  /** The table a catalog describes by its location, columns, partitioning and properties, as a V2 table. */
  def load(name: String, location: String, columns: Array[Column], partitioning: Array[Transform],
      properties: util.Map[String, String], version: Option[Int]): AlbisTableV2 = {
    val spark = SparkSession.active
    val schema = CatalogColumns.toSchema(columns)
    val declared = if (schema.isEmpty) None else Some((schema, partitioning))
    new AlbisTableV2(spark, name, AlbisDataSource.qualify(spark, new Path(location)), version, options(properties),
      writable = true, declared)
  }

  /**
   * Makes `location` an Albis table of `schema`'s columns (the partition columns aside), or checks
   * that the table there has them; an empty `schema` takes the table that is there.
   */
  def create(location: String, schema: StructType, partitioning: Array[Transform],
      properties: util.Map[String, String]): Unit = {
    if (schema.isEmpty) {
      return
    }
    val (data, partitionColumns) = AlbisTableV2.splitColumns(schema, partitioning)
    AlbisWrites.createTable(storagePath(location), data, partitionColumns, options(properties).asJava)
  }

  /** A schema with its partition columns last, in partitioning order, as Albis tables report theirs. */
  def partitionColumnsLast(schema: StructType, partitioning: Array[Transform]): StructType = {
    val (data, partitions) = AlbisTableV2.splitColumns(schema, partitioning)
    StructType(data.fields ++ partitions.fields)
  }

  def storagePath(location: String): String =
    HadoopPaths.storagePath(AlbisDataSource.qualify(SparkSession.active, new Path(location)))
}
