package io.albis.spark.catalog

import io.albis.spark.evolve.AlbisEvolution
import io.albis.storage.Storages
import io.albis.table.{Retention, TableCleaner}
import io.albis.write.CommitResult
import org.apache.spark.sql.SparkSession
import org.apache.spark.sql.catalyst.InternalRow
import org.apache.spark.sql.connector.catalog.Identifier
import org.apache.spark.sql.connector.catalog.procedures.{BoundProcedure, ProcedureParameter, UnboundProcedure}
import org.apache.spark.sql.connector.read.{LocalScan, Scan}
import org.apache.spark.sql.types.{DataTypes, StructType}
import org.apache.spark.unsafe.types.UTF8String

import java.time.Duration

/**
 * The maintenance procedures of an Albis catalog, `CALL <catalog>.system.<name>(…)`, each one
 * commit (or, for `repair`, no commit at all) on the table it names:
 *  - `regroup(table, groups[, sort_by])`: the columns in other column groups (`single`, `column`,
 *    `a=x,y;b=z`);
 *  - `rebalance(table, row_groups[, sort_by])`: the rows in that many row groups;
 *  - `repair(table[, retention_ms])`: removes what failed or abandoned writes left behind.
 * `table` is a table name the catalog resolves (`t`, `db.t`). `sort_by` (columns, comma-separated;
 * `''` for none) makes regroup and rebalance rewrite the rows in that order; left out, the table's
 * `sortBy` property does ([[AlbisEvolution]]).
 */
object AlbisProcedures {
  val Namespace = "system"
  private val Names = Seq("regroup", "rebalance", "repair")

  def list(namespace: Array[String]): Array[Identifier] =
    if (namespace.sameElements(Array(Namespace))) Names.map(n => Identifier.of(Array(Namespace), n)).toArray
    else Array.empty

  /** A procedure's `table` argument as the identifier it names in the catalog (`t`, `db.t`). */
  def tableIdentifier(name: String): Identifier = {
    val parts = org.apache.spark.sql.catalyst.parser.CatalystSqlParser.parseMultipartIdentifier(name)
    Identifier.of(parts.init.toArray, parts.last)
  }

  /** The procedure `ident` names; `location` finds a table's directory from its name. */
  def load(ident: Identifier, location: String => String): UnboundProcedure = {
    if (!ident.namespace().sameElements(Array(Namespace)) || !Names.contains(ident.name())) {
      throw new IllegalArgumentException(s"no procedure $ident in an Albis catalog; there are " +
        Names.map(n => s"$Namespace.$n").mkString(", "))
    }
    new Procedure(ident.name(), location)
  }

  private def parameters(name: String): Array[ProcedureParameter] = {
    val table = ProcedureParameter.in("table", DataTypes.StringType).build()
    val sortBy = ProcedureParameter.in("sort_by", DataTypes.StringType).defaultValue("NULL").build()
    name match {
      case "regroup" => Array(table, ProcedureParameter.in("groups", DataTypes.StringType).build(), sortBy)
      case "rebalance" => Array(table, ProcedureParameter.in("row_groups", DataTypes.IntegerType).build(), sortBy)
      case "repair" => Array(table, ProcedureParameter.in("retention_ms", DataTypes.LongType).defaultValue("NULL").build())
    }
  }

  private final class Procedure(procedureName: String, location: String => String)
    extends UnboundProcedure with BoundProcedure {

    override def name(): String = procedureName

    override def description(): String = s"Albis $procedureName"

    override def bind(inputType: StructType): BoundProcedure = this

    override def parameters(): Array[ProcedureParameter] = AlbisProcedures.parameters(procedureName)

    override def isDeterministic: Boolean = false

    override def call(input: InternalRow): java.util.Iterator[Scan] = {
      val dir = location(input.getUTF8String(0).toString)
      val spark = SparkSession.active
      val result: Scan = procedureName match {
        case "regroup" => committed(AlbisEvolution.regroup(spark, dir, input.getUTF8String(1).toString, sortBy(input)))
        case "rebalance" => committed(AlbisEvolution.rebalance(spark, dir, input.getInt(1), sortBy(input)))
        case "repair" =>
          val retention = if (input.isNullAt(1)) Retention.DEFAULT else {
            val d = Duration.ofMillis(input.getLong(1))
            new Retention(d, d)
          }
          val report = TableCleaner.clean(Storages.forPath(dir), dir, retention, System.currentTimeMillis())
          rows(new StructType().add("removed", DataTypes.StringType),
            report.removed().toArray(new Array[String](0)).map(r => InternalRow(UTF8String.fromString(r))))
      }
      java.util.List.of(result).iterator()
    }
  }

  /** The `sort_by` argument, null when left out. */
  private def sortBy(input: InternalRow): String = if (input.isNullAt(2)) null else input.getUTF8String(2).toString

  private def committed(c: CommitResult): Scan =
    rows(new StructType().add("state_version", DataTypes.IntegerType).add("row_groups", DataTypes.IntegerType)
      .add("rows", DataTypes.LongType), Array(InternalRow(c.stateVersion(), c.rowGroups(), c.rows())))

  private def rows(schema: StructType, values: Array[InternalRow]): Scan = new LocalScan {
    override def rows(): Array[InternalRow] = values

    override def readSchema(): StructType = schema
  }

}
