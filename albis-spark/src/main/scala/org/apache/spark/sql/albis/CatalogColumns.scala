package org.apache.spark.sql.albis

import org.apache.spark.sql.catalyst.TableIdentifier
import org.apache.spark.sql.connector.catalog.{CatalogV2Util, Column}
import org.apache.spark.sql.SparkSession
import org.apache.spark.sql.types.StructType

/** Spark's own conversions between a catalog's columns and a schema, and its default table location (not public). */
object CatalogColumns {
  def toSchema(columns: Array[Column]): StructType = CatalogV2Util.v2ColumnsToStructType(columns)

  def toColumns(schema: StructType): Array[Column] = CatalogV2Util.structTypeToV2Columns(schema)

  /** Where the session catalog keeps a managed table of this name. */
  def defaultLocation(spark: SparkSession, table: String, database: Option[String]): String =
    spark.sessionState.catalog.defaultTablePath(TableIdentifier(table, database)).toString
}
