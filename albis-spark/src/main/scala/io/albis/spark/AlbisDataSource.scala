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
    AlbisFileFormat.schemaOf(files, paths.headOption)

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

/**
 * A scan of the row groups of the snapshot that was the table when it was planned: one task for
 * each row group (the paper's rule), never two in one task, never one split.
 */
case class AlbisScan(
    sparkSession: SparkSession,
    fileIndex: PartitioningAwareFileIndex,
    dataSchema: StructType,
    readDataSchema: StructType,
    readPartitionSchema: StructType,
    options: CaseInsensitiveStringMap,
    pushedFilters: Array[Filter],
    partitionFilters: Seq[Expression],
    dataFilters: Seq[Expression],
    plannedAt: Long)
  extends FileScan {

  override def getMetaData(): Map[String, String] =
    super.getMetaData() ++ Map("PushedFilters" -> seqToString(pushedFilters.toSeq))

  override def isSplitable(path: org.apache.hadoop.fs.Path): Boolean = false

  override def partitions: Seq[FilePartition] = {
    val readers = super.partitions.flatMap(_.files.toSeq)
      .filter(f => RowGroupRows.readsRowGroup(RowGroupFile.of(f.toPath), plannedAt))
    readers.zipWithIndex.map { case (file, i) => FilePartition(i, Array(file)) }
  }

  override def createReaderFactory(): PartitionReaderFactory =
    AlbisReaderFactory(readDataSchema, readPartitionSchema, pushedFilters, plannedAt,
      new FileSourceOptions(options.asCaseSensitiveMap.asScala.toMap))

  override def equals(other: Any): Boolean = other match {
    case s: AlbisScan => super.equals(s) && plannedAt == s.plannedAt && equivalentFilters(pushedFilters, s.pushedFilters)
    case _ => false
  }

  override def hashCode(): Int = getClass.hashCode()
}

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
