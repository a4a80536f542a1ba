package io.albis.spark.catalog

import io.albis.evolve.TableEvolution
import io.albis.spark.types.SparkTypes
import io.albis.spark.write.{AlbisWrites, WriteOrder}
import io.albis.storage.Storages
import io.albis.table.TableProperties
import org.apache.spark.sql.connector.catalog.TableChange
import org.apache.spark.sql.types.{StructField, StructType}

import scala.jdk.CollectionConverters._

/**
 * `ALTER TABLE` on an Albis table: each schema change is one Albis commit of its own
 * (docs/FORMAT.md §11, "Schema changes"), and a query that began before it keeps its snapshot;
 * the property changes of one statement are one commit too, kept in the table state (a
 * `sortBy` or `sortScope` checked against the columns first).
 */
object TableChanges {
  def apply(table: String, changes: Seq[TableChange]): Unit = {
    val set = changes.collect { case p: TableChange.SetProperty => p.property() -> p.value() }.toMap
    val remove = changes.collect { case p: TableChange.RemoveProperty => p.property() }.toSet
    AlbisWrites.checkBloomFilters(table, set.asJava)
    val evolution = new TableEvolution(Storages.forPath(table), table)
    changes.foreach {
      case add: TableChange.AddColumn =>
        if (add.fieldNames.length != 1) {
          throw new UnsupportedOperationException(s"ADD COLUMNS adds top-level columns to $table, not " +
            add.fieldNames.mkString("."))
        }
        if (add.position() != null) {
          throw new UnsupportedOperationException(s"new columns of $table go after its columns; FIRST and AFTER " +
            "are not supported")
        }
        if (add.defaultValue() != null) {
          throw new UnsupportedOperationException(s"a default value for a new column of $table is not supported: " +
            "existing rows read null")
        }
        val field = StructField(add.fieldNames.head, add.dataType, nullable = true)
        val fields = SparkTypes.toAlbis(StructType(Seq(field)))
        evolution.addColumns(fields, add.fieldNames.head)
      case rename: TableChange.RenameColumn =>
        val from = rename.fieldNames.mkString(".")
        refuseSortColumn(table, from, "rename")
        evolution.rename(from, (rename.fieldNames.init :+ rename.newName).mkString("."))
      case drop: TableChange.DeleteColumn =>
        refuseSortColumn(table, drop.fieldNames.mkString("."), "drop")
        evolution.drop(drop.fieldNames.mkString("."), TableEvolution.Drop.LIGHT)
      case _: TableChange.SetProperty | _: TableChange.RemoveProperty => // below, in one commit
      case other =>
        throw new UnsupportedOperationException(s"ALTER TABLE on the Albis table $table: ${other.getClass.getSimpleName}" +
          " is not supported (ADD COLUMNS, RENAME COLUMN, DROP COLUMN and table properties are)")
    }
    if (set.nonEmpty || remove.nonEmpty) {
      AlbisWrites.checkOrder(table, set.asJava) // a sort order the later writes could not take is refused now
      TableProperties.change(Storages.forPath(table), table, set.asJava, remove.asJava)
    }
  }

  /** Refuses to drop or rename a column the table's `sortBy` names: its later writes could not sort. */
  private def refuseSortColumn(table: String, column: String, what: String): Unit = {
    val sortBy = TableProperties.of(Storages.forPath(table), table).asScala
      .collectFirst { case (k, v) if k.equalsIgnoreCase(WriteOrder.SORT_BY) => v }
    if (sortBy.exists(s => WriteOrder.parseColumns(s).asScala.exists(_.equalsIgnoreCase(column)))) {
      throw new IllegalArgumentException(s"cannot $what column $column of $table: the table's sortBy ('${sortBy.get}')" +
        " names it; set sortBy to other columns or unset it first")
    }
  }
}
