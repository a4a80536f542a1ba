package org.apache.spark.sql.albis

import org.apache.spark.sql.catalyst.TableIdentifier
import org.apache.spark.sql.connector.catalog.{CatalogV2Util, Column}
import org.apache.spark.sql.SparkSession
import org.apache.spark.sql.types.StructType

/** Spark's own conversions between a catalog's columns and a schema, and its default table location (not public). */
object CatalogColumns {
  def toSchema(columns: Array[Column]): StructType = CatalogV2Util.v2ColumnsToStructType(columns)

  def toColumns(schema: StructType): Array[Column] = CatalogV2Util.structTypeToV2Columns(schema)

  /**
   * Records a replaced table's new columns and partition columns in the session catalog's metastore
   * entry, and its properties as `properties` edits them.
   */
  def replaceColumns(spark: SparkSession, database: Option[String], table: String, schema: StructType,
      partitionColumns: Seq[String], properties: Map[String, String] => Map[String, String]): Unit = {
    val catalog = spark.sessionState.catalog
    val id = TableIdentifier(table, database)
    val entry = catalog.getTableMetadata(id)
    catalog.alterTable(entry.copy(schema = schema, partitionColumnNames = partitionColumns,
      properties = properties(entry.properties)))
  }

  /** Where the session catalog keeps a managed table of this name. */
  def defaultLocation(spark: SparkSession, table: String, database: Option[String]): String =
    spark.sessionState.catalog.defaultTablePath(TableIdentifier(table, database)).toString
}
