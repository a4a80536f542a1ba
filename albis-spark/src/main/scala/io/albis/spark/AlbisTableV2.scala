package io.albis.spark

import io.albis.spark.read.{AlbisScanBuilder, MetadataColumns, SnapshotFileIndex, TableAsOf}
import io.albis.spark.table.{HadoopPaths, TableSnapshot}
import io.albis.spark.types.SparkTypes
import org.apache.spark.sql.albis.NullableSchema
import io.albis.spark.write.{AlbisWriteBuilder, AlbisWrites, PartitionScope}
import org.apache.spark.sql.albis.PartitionPredicates
import org.apache.spark.sql.connector.expressions.filter.Predicate
import org.apache.hadoop.fs.Path
import org.apache.spark.sql.SparkSession
import org.apache.spark.sql.connector.catalog.{MetadataColumn, SupportsMetadataColumns, SupportsRead, SupportsWrite, Table, TableCapability, TruncatableTable}
import org.apache.spark.sql.connector.expressions.{Expressions, Transform}
import org.apache.spark.sql.connector.write.{LogicalWriteInfo, WriteBuilder}
import org.apache.spark.sql.catalyst.util.CharVarcharUtils
import org.apache.spark.sql.types.{CharType, StringType, StructType, VarcharType}
import org.apache.spark.sql.util.CaseInsensitiveStringMap

import java.util
import scala.jdk.CollectionConverters._

/**
 * An Albis table as Spark's V2 API sees it, whether a catalog or a path names it: reads plan one
 * task per row group of one snapshot (the state `version` names, or the newest when the scan is
 * planned), writes are one Albis job commit each ([[AlbisWriteBuilder]]). It is no `FileTable`, so
 * Spark never sends it to its V1 file source path.
 *
 * @param root     the table directory as a qualified Hadoop path
 * @param pinnedVersion the state every scan reads (time travel), or None for the newest at planning
 * @param options  read and write options: a path read's, or a catalog table's properties
 * @param writable whether Spark may write it through V2: catalog tables, not paths (Spark writes
 *                 paths through the V1 source, which alone knows every save mode and `partitionBy`,
 *                 and which commits as atomically)
 * @param declared the schema and partitioning a catalog or writer declared, used while the
 *                 directory holds no table yet
 */
class AlbisTableV2(
    val sparkSession: SparkSession,
    val tableName: String,
    val root: Path,
    val pinnedVersion: Option[Int],
    val options: Map[String, String],
    val writable: Boolean,
    declared: Option[(StructType, Array[Transform])])
  extends Table with SupportsRead with SupportsWrite with TruncatableTable with SupportsMetadataColumns {

  /** `_row_group` and `_row_index` ([[MetadataColumns]]), for lineage and debugging. */
  override def metadataColumns(): Array[MetadataColumn] = MetadataColumns.ALL.fields.map { f =>
    new MetadataColumn {
      override def name(): String = f.name
      override def dataType(): org.apache.spark.sql.types.DataType = f.dataType
      override def isNullable: Boolean = false
    }
  }

  /** The table directory as Albis's storage layer names it. */
  val storagePath: String = HadoopPaths.storagePath(root)

  /** Whether the directory holds an Albis table (or a directory of partition tables). */
  lazy val exists: Boolean = TableSnapshot.exists(storagePath)

  /** The snapshot the table's schema is taken from: the pinned state, or the newest now. */
  private lazy val described: Option[TableSnapshot] =
    if (exists) Some(TableSnapshot.open(storagePath, pinnedVersion.getOrElse(0), System.currentTimeMillis())) else None

  /** The file index of a snapshot: its row groups and their partition values. */
  private def index(snapshot: TableSnapshot): SnapshotFileIndex =
    new SnapshotFileIndex(sparkSession, options, root, snapshot, knownPartitionColumns)

  /** The partition columns known without looking at directories: declared, or recorded by the table. */
  private lazy val knownPartitionColumns: Option[StructType] = declared.map(d => AlbisTableV2.splitColumns(d._1, d._2)._2)
    .orElse(described.map(s => AlbisWrites.partitionColumns(s.properties))).filter(_.nonEmpty)

  private lazy val describedIndex: Option[SnapshotFileIndex] = described.map(index)

  /** The columns the rows hold, without partition columns. */
  lazy val dataSchema: StructType = described match {
    case Some(s) => SparkTypes.toSpark(s.schema.fields)
    case None =>
      val (schema, partitioning) = declaredOrRefused
      AlbisTableV2.splitColumns(schema, partitioning)._1
  }

  /** The partition columns: as declared, else as the table records them, else as its directories name them. */
  lazy val partitionSchema: StructType = declared match {
    case Some((schema, partitioning)) => AlbisTableV2.splitColumns(schema, partitioning)._2
    case None =>
      val recorded = described.map(s => AlbisWrites.partitionColumns(s.properties)).getOrElse(new StructType())
      if (recorded.nonEmpty) recorded else describedIndex.map(_.partitionSchema).getOrElse(new StructType())
  }

  override def name(): String = tableName

  /**
   * Every column nullable, as Spark's file sources report theirs: a column that refuses nulls
   * still refuses them when written, naming the row.
   */
  override def schema(): StructType =
    NullableSchema.of(declaredStrings(StructType(dataSchema.fields ++ partitionSchema.fields)))

  /**
   * `schema` with the `CHAR(n)`/`VARCHAR(n)` types the catalog declared for columns Albis stores
   * as strings, so that Spark pads and compares them as it does a Parquet table's.
   */
  private def declaredStrings(schema: StructType): StructType = declared match {
    case None => schema
    case Some((d, _)) => StructType(schema.fields.map { f =>
      CharVarcharUtils.getRawSchema(d).fields.find(_.name.equalsIgnoreCase(f.name)).map(_.dataType) match {
        case Some(t @ (_: CharType | _: VarcharType)) if f.dataType == StringType => f.copy(dataType = t)
        case _ => f
      }
    })
  }

  override def partitioning(): Array[Transform] = partitionSchema.fieldNames.map(n => Expressions.identity(n))

  override def properties(): util.Map[String, String] =
    (options ++ Map("provider" -> AlbisFileFormat.ShortName, "location" -> root.toString)).asJava

  override def capabilities(): util.Set[TableCapability] = {
    val read = Set(TableCapability.BATCH_READ)
    val write = if (writable) {
      Set(TableCapability.BATCH_WRITE, TableCapability.TRUNCATE, TableCapability.OVERWRITE_BY_FILTER,
        TableCapability.OVERWRITE_DYNAMIC)
    } else {
      Set.empty
    }
    (read ++ write).asJava
  }

  override def newScanBuilder(readOptions: CaseInsensitiveStringMap): AlbisScanBuilder = {
    val merged = new CaseInsensitiveStringMap((options ++ readOptions.asCaseSensitiveMap.asScala).asJava)
    val plannedAt = System.currentTimeMillis()
    val asOf = new TableAsOf(plannedAt, pinnedVersion.getOrElse(0))
    if (!exists) {
      return AlbisScanBuilder(sparkSession, index(TableSnapshot.empty(storagePath)), schema(), dataSchema, merged,
        new TableAsOf(plannedAt, 0))
    }
    val snapshot = TableSnapshot.open(storagePath, asOf.stateVersion(), plannedAt)
    val scanAsOf = if (snapshot.oneTable()) new TableAsOf(plannedAt, snapshot.version()) else asOf
    AlbisScanBuilder(sparkSession, index(snapshot), schema(), dataSchema, merged, scanAsOf)
  }

  override def newWriteBuilder(info: LogicalWriteInfo): WriteBuilder = {
    if (!writable) {
      throw new UnsupportedOperationException(s"$tableName is written through the albis source's save modes, " +
        "not as a V2 table")
    }
    new AlbisWriteBuilder(storagePath, dataSchema, partitionSchema,
      (options ++ info.options().asCaseSensitiveMap().asScala).asJava, info, partitionScope)
  }

  /** The partitions of the newest state an overwrite filter matches ([[PartitionScope]]). */
  private val partitionScope: PartitionScope = (predicates: Array[Predicate]) => {
    val snapshot = TableSnapshot.open(storagePath, 0, System.currentTimeMillis())
    val i = index(snapshot)
    PartitionPredicates.bindV2(predicates, i.partitionSchema, sparkSession.sessionState.conf.resolver)
      .map(keep => new PartitionScope.Matched(snapshot.version(), i.partitionsWhere(keep).toSet.asJava))
      .orNull
  }

  /** `TRUNCATE TABLE`: one commit of a state without rows; older states keep theirs. */
  override def truncateTable(): Boolean = {
    if (!writable) {
      throw new UnsupportedOperationException(s"$tableName is truncated by overwriting its path")
    }
    AlbisWrites.truncate(storagePath)
    true
  }

  private def declaredOrRefused: (StructType, Array[Transform]) = declared.getOrElse(
    throw new io.albis.error.NotAnAlbisTableException(storagePath, -1,
      "not an Albis table: no table state or schema file, and no key=value directory holding a table"))

  override def toString: String = s"AlbisTableV2($tableName)"
}

object AlbisTableV2 {
  /** The columns of identity partitioning; any other transform (buckets, days, …) is refused in one line. */
  def partitionNames(partitioning: Array[Transform]): Seq[String] = partitioning.toSeq.map {
    case t if t.name() == "identity" && t.references().length == 1 => t.references()(0).fieldNames.mkString(".")
    case t => throw new IllegalArgumentException(s"Albis tables are partitioned by columns' values only, not by $t")
  }

  /**
   * A declared schema as the table's data columns and its partition columns (in partitioning
   * order), found by name in any case; a partition column the schema lacks is refused.
   */
  def splitColumns(schema: StructType, partitioning: Array[Transform]): (StructType, StructType) = {
    val names = partitionNames(partitioning)
    val partitions = names.map(n => schema.fields.find(_.name.equalsIgnoreCase(n)).getOrElse(
      throw new IllegalArgumentException(s"partition column $n is not a column of the table")))
    (StructType(schema.fields.filterNot(f => names.exists(_.equalsIgnoreCase(f.name)))), StructType(partitions))
  }
}
