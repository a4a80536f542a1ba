package io.albis.spark.catalog

import io.albis.error.InvalidOptionException
import io.albis.spark.table.StatesAsOf
import io.albis.storage.Storages

/** The table state a `VERSION AS OF` or `TIMESTAMP AS OF` clause names. */
object TimeTravel {
  /** `VERSION AS OF n`: a table state version, 1 or more. */
  def version(text: String): Int = {
    val v = try text.trim.toInt catch {
      case _: NumberFormatException =>
        throw new InvalidOptionException(s"VERSION AS OF '$text': an Albis table's versions are its table state numbers")
    }
    if (v < 1) throw new InvalidOptionException(s"VERSION AS OF $v: table state versions start at 1")
    v
  }

  /**
   * `TIMESTAMP AS OF t` (Spark hands microseconds since the epoch): the newest state committed at
   * or before `t`; a time before the table's first commit is refused naming it.
   */
  def versionAt(table: String, micros: Long): Int = {
    val millis = Math.floorDiv(micros, 1000L)
    val v = StatesAsOf.stateAsOf(Storages.forPath(table), table, millis, false)
    if (v == 0) {
      throw new InvalidOptionException(s"TIMESTAMP AS OF ${java.time.Instant.ofEpochMilli(millis)}: $table has no " +
        "state committed by then that it still keeps")
    }
    v
  }
}
