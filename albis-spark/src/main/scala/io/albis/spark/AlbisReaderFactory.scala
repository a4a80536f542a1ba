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

/** Reads one row group per partition through the row path ([[RowGroupRows]]). */
case class AlbisReaderFactory(
    readDataSchema: StructType,
    partitionSchema: StructType,
    filters: Array[Filter],
    plannedAt: Long,
    options: FileSourceOptions)
  extends FilePartitionReaderFactory {

  override def buildReader(file: PartitionedFile): PartitionReader[InternalRow] = {
    val rows = RowGroupRows.open(RowGroupFile.of(file.toPath), plannedAt, readDataSchema, partitionSchema,
      file.partitionValues, filters)
    new PartitionReader[InternalRow] {
      private var current: InternalRow = _

      override def next(): Boolean = {
        val more = rows.hasNext
        if (more) current = rows.next()
        more
      }

      override def get(): InternalRow = current

      override def close(): Unit = rows.close()
    }
  }
}
