package io.albis.spark

import io.albis.spark.table.{HadoopPaths, TimeTravel}
import org.apache.hadoop.fs.Path
import org.apache.spark.sql.SparkSession
import org.apache.spark.sql.connector.catalog.{Table, TableProvider}
import org.apache.spark.sql.connector.expressions.Transform
import org.apache.spark.sql.types.StructType
import org.apache.spark.sql.util.CaseInsensitiveStringMap

import java.util
import scala.jdk.CollectionConverters._

/**
 * The `albis` source as Spark registers it. As a V2 `TableProvider` (deliberately not a
 * `FileDataSourceV2`, which Spark would send to V1 for every catalog operation) it hands out
 * [[AlbisTableV2]]s for path reads (and reads of tables in Spark's built-in session catalog; the
 * catalogs of `io.albis.spark.catalog` make tables that are written through V2 too). As the V1
 * [[AlbisFileFormat]] it writes paths in every save mode, `partitionBy` included, and reads when
 * `spark.sql.sources.useV1SourceList` names it.
 */
class AlbisDataSource extends AlbisFileFormat with TableProvider {

  /** The table's own schema, data and partition columns, read from the directory. */
  override def inferSchema(options: CaseInsensitiveStringMap): StructType =
    table(options, None).schema()

  override def inferPartitioning(options: CaseInsensitiveStringMap): Array[Transform] =
    table(options, None).partitioning()

  /** Spark may pass the schema it knows (a catalog's, a writer's): it is used while the directory holds no table. */
  override def supportsExternalMetadata(): Boolean = true

  override def getTable(
      schema: StructType,
      partitioning: Array[Transform],
      properties: util.Map[String, String]): Table =
    table(new CaseInsensitiveStringMap(properties), Some((schema, partitioning)))

  private def table(options: CaseInsensitiveStringMap, declared: Option[(StructType, Array[Transform])]): AlbisTableV2 = {
    val path = AlbisDataSource.pathOf(options)
    val spark = SparkSession.active
    val qualified = AlbisDataSource.qualify(spark, path)
    val rest = options.asCaseSensitiveMap.asScala.toMap.filter { case (k, _) => !AlbisDataSource.isPathKey(k) }
    val pinned = TimeTravel.fromOptions(HadoopPaths.storagePath(qualified), rest.asJava,
      java.time.ZoneId.of(spark.sessionState.conf.sessionLocalTimeZone))
    new AlbisTableV2(spark, path.toString, qualified, pinned, rest, writable = false, declared)
  }
}

object AlbisDataSource {
  /** Reads the `paths` option, which `load(p1, p2, …)` sets to a JSON array. */
  private lazy val Json = new com.fasterxml.jackson.databind.ObjectMapper()

  private def isPathKey(k: String): Boolean = k.equalsIgnoreCase("path") || k.equalsIgnoreCase("paths")

  /** The one table directory the options name; several paths are refused in one line. */
  def pathOf(options: CaseInsensitiveStringMap): Path = {
    val paths = Option(options.get("paths")).map(p => Json.readValue(p, classOf[Array[String]]).toSeq).getOrElse(Nil)
    val path = Option(options.get("path"))
    (path.toSeq ++ paths).distinct match {
      case Seq(one) => new Path(one)
      case Seq() => throw new IllegalArgumentException("the albis source needs the table's path: load(path) or option path")
      case many => throw new IllegalArgumentException(s"the albis source reads one table, not ${many.size} paths: " +
        many.mkString(", "))
    }
  }

  /** A path made absolute and qualified with its file system, as Spark's file sources qualify theirs. */
  def qualify(spark: SparkSession, path: Path): Path = {
    val fs = path.getFileSystem(spark.sessionState.newHadoopConf())
    fs.makeQualified(path)
  }
}
