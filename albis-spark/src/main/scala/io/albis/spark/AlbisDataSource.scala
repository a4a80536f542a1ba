package io.albis.spark

import io.albis.spark.read.{AlbisScanBuilder, FileReads}
import io.albis.spark.types.SparkTypes
import org.apache.hadoop.fs.FileStatus
import org.apache.spark.sql.SparkSession
import org.apache.spark.sql.catalyst.InternalRow
import org.apache.spark.sql.catalyst.expressions.Expression
import org.apache.spark.sql.connector.catalog.Table
import org.apache.spark.sql.connector.read.{PartitionReader, PartitionReaderFactory, Scan}
import org.apache.spark.sql.connector.write.{LogicalWriteInfo, WriteBuilder}
import org.apache.spark.sql.execution.datasources.{FileFormat, FilePartition, PartitionedFile, PartitioningAwareFileIndex}
import org.apache.spark.sql.execution.datasources.v2.{FileDataSourceV2, FilePartitionReaderFactory, FileScan, FileScanBuilder, FileTable}
import org.apache.spark.sql.catalyst.FileSourceOptions
import org.apache.spark.sql.types.{DataType, StructType}
import org.apache.spark.sql.sources.Filter
import org.apache.spark.sql.albis.FilterTranslation
import org.apache.spark.sql.util.CaseInsensitiveStringMap

import scala.jdk.CollectionConverters._

/**
 * The `albis` source as Spark registers it: a V2 file source for reads of paths, with
 * [[AlbisFileFormat]] as its V1 fallback for everything Spark routes to V1 (writes, catalog tables,
 * `INSERT`, `spark.sql.sources.useV1SourceList`). Both read the same rows the same way.
 */
class AlbisDataSource extends FileDataSourceV2 {
  override def fallbackFileFormat: Class[_ <: FileFormat] = classOf[AlbisFileFormat]

  override def shortName(): String = AlbisFileFormat.ShortName

  override protected def getTable(options: CaseInsensitiveStringMap): Table = {
    val paths = getPaths(options)
    AlbisTableV2(getTableName(options, paths), sparkSession, getOptionsWithoutPaths(options), paths, None)
  }

  override protected def getTable(options: CaseInsensitiveStringMap, schema: StructType): Table = {
    val paths = getPaths(options)
    AlbisTableV2(getTableName(options, paths), sparkSession, getOptionsWithoutPaths(options), paths, Some(schema))
  }
}

/** An Albis table (or a directory of `key=value` partition tables) read through the V2 API. */
case class AlbisTableV2(
    name: String,
    sparkSession: SparkSession,
    options: CaseInsensitiveStringMap,
    paths: Seq[String],
    userSpecifiedSchema: Option[StructType])
  extends FileTable(sparkSession, options, paths, userSpecifiedSchema) {

  override def inferSchema(files: Seq[FileStatus]): Option[StructType] =
    FileReads.schemaOf(files, paths.headOption, options)

  override def supportsDataType(dataType: DataType): Boolean = SparkTypes.supports(dataType)

  override def formatName: String = "Albis"

  override def fallbackFileFormat: Class[_ <: FileFormat] = classOf[AlbisFileFormat]

  override def newScanBuilder(options: CaseInsensitiveStringMap): AlbisScanBuilder =
    AlbisScanBuilder(sparkSession, fileIndex, schema, dataSchema, options)

  // Spark sends every write to a file source through its V1 fallback (FallBackFileSourceV2,
  // DataFrameWriter.lookupV2Provider), so a V2 write of this table is never planned.
  override def newWriteBuilder(info: LogicalWriteInfo): WriteBuilder =
    throw new UnsupportedOperationException("Albis tables are written through Spark's V1 file source path")
}
