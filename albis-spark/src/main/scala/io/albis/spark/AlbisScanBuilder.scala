package io.albis.spark

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

/** Plans a scan: the columns and the data filters Albis evaluates exactly ([[SparkFilters]]). */
case class AlbisScanBuilder(
    sparkSession: SparkSession,
    fileIndex: PartitioningAwareFileIndex,
    schema: StructType,
    dataSchema: StructType,
    options: CaseInsensitiveStringMap)
  extends FileScanBuilder(sparkSession, fileIndex, dataSchema) {

  private lazy val albisSchema = io.albis.schema.Schema.builder().fields(SparkTypes.toAlbis(dataSchema)).build()

  private def exact(f: Filter): Boolean = SparkFilters.toAlbis(f, albisSchema) != null

  /** The data filters Albis evaluates exactly: they are pushed, shown as PushedFilters. */
  override def pushDataFilters(dataFilters: Array[Filter]): Array[Filter] = dataFilters.filter(exact)

  /** Spark evaluates after the scan only the data filters Albis does not evaluate exactly. */
  override def pushFilters(filters: Seq[Expression]): Seq[Expression] =
    super.pushFilters(filters).filterNot { e =>
      FilterTranslation.translate(e).exists(f => exact(f))
    }

  override def build(): Scan =
    AlbisScan(sparkSession, fileIndex, dataSchema, readDataSchema(), readPartitionSchema(), options,
      pushedDataFilters, partitionFilters, dataFilters, System.currentTimeMillis())
}
