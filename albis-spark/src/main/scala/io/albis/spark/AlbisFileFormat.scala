package io.albis.spark

import io.albis.spark.read.{ColumnarReads, FileReads}
import io.albis.spark.types.SparkTypes
import io.albis.spark.write.AlbisWrites
import org.apache.hadoop.conf.Configuration
import org.apache.hadoop.fs.{FileStatus, Path}
import org.apache.hadoop.mapreduce.Job
import org.apache.spark.sql.SparkSession
import org.apache.spark.sql.catalyst.InternalRow
import org.apache.spark.sql.execution.datasources.{FileFormat, OutputWriterFactory, PartitionedFile}
import org.apache.spark.sql.internal.SQLConf
import org.apache.spark.sql.sources.{DataSourceRegister, Filter}
import org.apache.spark.sql.types.{DataType, StructType}

import scala.jdk.CollectionConverters._

/**
 * The `albis` source as a Spark V1 `FileFormat`: the path Spark takes for writes, catalog tables,
 * `INSERT` and reads of sources listed in `spark.sql.sources.useV1SourceList`.
 *
 * An Albis table is a directory (docs/FORMAT.md §1); a partitioned table keeps its row groups in
 * its `key=value` directories, one table state listing those of every partition. Reads go through [[FileReads]] (a task per row group, of the table state that was
 * the table when the query was planned), writes through [[AlbisWrites]].
 */
class AlbisFileFormat extends FileFormat with DataSourceRegister with Serializable {

  override def shortName(): String = AlbisFileFormat.ShortName

  override def toString: String = "Albis"

  override def inferSchema(
      spark: SparkSession,
      options: Map[String, String],
      files: Seq[FileStatus]): Option[StructType] =
    FileReads.schemaOf(files, options.get("path"), options.asJava)

  override def supportDataType(dataType: DataType): Boolean = SparkTypes.supports(dataType)

  override def isSplitable(spark: SparkSession, options: Map[String, String], path: Path): Boolean = false

  override def prepareWrite(
      spark: SparkSession,
      job: Job,
      options: Map[String, String],
      dataSchema: StructType): OutputWriterFactory =
    AlbisWrites.prepare(job, options.asJava, dataSchema)

  /** Batches ([[ColumnarReads]]); Spark has already checked codegen and the number of fields. */
  override def supportBatch(spark: SparkSession, schema: StructType): Boolean =
    ColumnarReads.enabled(spark.sessionState.conf)

  override def vectorTypes(
      requiredSchema: StructType,
      partitionSchema: StructType,
      sqlConf: SQLConf): Option[Seq[String]] =
    Some(ColumnarReads.vectorTypes(requiredSchema, partitionSchema))

  /**
   * Rows, or batches cast as rows when the scan said it takes batches
   * (`FileFormat.OPTION_RETURNING_BATCH`, as Parquet's V1 reader returns them).
   */
  override def buildReaderWithPartitionValues(
      spark: SparkSession,
      dataSchema: StructType,
      partitionSchema: StructType,
      requiredSchema: StructType,
      filters: Seq[Filter],
      options: Map[String, String],
      hadoopConf: Configuration): PartitionedFile => Iterator[InternalRow] =
    FileReads.reader(partitionSchema, requiredSchema, filters, options)

  override def hashCode(): Int = getClass.hashCode()

  override def equals(other: Any): Boolean = other.isInstanceOf[AlbisFileFormat]
}

object AlbisFileFormat {
  val ShortName = "albis"
}
