package io.albis.spark.table

import io.albis.error.InvalidOptionException
import io.albis.storage.Storages
import org.apache.spark.sql.catalyst.util.DateTimeUtils
import org.apache.spark.unsafe.types.UTF8String

import java.time.ZoneId

/**
 * The table state a query names: `VERSION AS OF` / `TIMESTAMP AS OF` in SQL, or the read options
 * `versionAsOf` (also spelled `stateVersion`) and `timestampAsOf` of a path read.
 */
object TimeTravel {
  val VersionAsOf = "versionAsOf"
  val TimestampAsOf = "timestampAsOf"
  /** The name `versionAsOf` had before Albis took Delta's and Iceberg's. */
  val StateVersion = "stateVersion"

  /** A table state version, 1 or more; `what` names where it was given in an error. */
  def version(text: String, what: String = "VERSION AS OF"): Int = {
    val v = try text.trim.toInt catch {
      case _: NumberFormatException =>
        throw new InvalidOptionException(s"$what '$text': an Albis table's versions are its table state numbers")
    }
    if (v < 1) throw new InvalidOptionException(s"$what $v: table state versions start at 1")
    v
  }

  /**
   * The newest state of `table` committed at or before `micros` (microseconds since the epoch, as
   * Spark hands `TIMESTAMP AS OF`); a time before every state the table keeps is refused naming it.
   */
  def versionAt(table: String, micros: Long): Int = {
    val millis = Math.floorDiv(micros, 1000L)
    val v = StatesAsOf.stateAsOf(Storages.forPath(table), table, millis, false)
    if (v == 0) {
      throw new InvalidOptionException(s"timestamp ${java.time.Instant.ofEpochMilli(millis)}: $table has no " +
        "state committed by then that it still keeps")
    }
    v
  }

  /** The state the read options of `table` name, if any; `zone` reads a timestamp without one. */
  def fromOptions(table: String, options: java.util.Map[String, String], zone: ZoneId): Option[Int] = {
    val timestamp = Option(SourceOptions.value(options, TimestampAsOf))
    (versionOption(options), timestamp) match {
      case (Some(_), Some(_)) =>
        throw new InvalidOptionException(s"options $VersionAsOf and $TimestampAsOf each name a state; give one")
      case (Some(v), None) => Some(v)
      case (None, Some(t)) =>
        val micros = DateTimeUtils.stringToTimestamp(UTF8String.fromString(t.trim), zone).getOrElse(
          throw new InvalidOptionException(s"option $TimestampAsOf: '$t' is not a timestamp"))
        Some(versionAt(table, micros))
      case _ => None
    }
  }

  /**
   * The version the read option `versionAsOf` (or `stateVersion`) names, 0 for none: for a read
   * that knows no table yet (Spark's V1 path resolves the state in each task).
   */
  def versionFromOptions(options: java.util.Map[String, String]): Int = versionOption(options).getOrElse(0)

  private def versionOption(options: java.util.Map[String, String]): Option[Int] =
    Option(SourceOptions.value(options, VersionAsOf)).map(v => version(v, s"option $VersionAsOf"))
      .orElse(Option(SourceOptions.value(options, StateVersion)).map(v => version(v, s"option $StateVersion")))
}
