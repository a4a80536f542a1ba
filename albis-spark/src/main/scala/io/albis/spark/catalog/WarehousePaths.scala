package io.albis.spark.catalog

import io.albis.error.InvalidOptionException
import io.albis.storage.Storage

import java.nio.file.{Files, Paths}

/**
 * Where a warehouse keeps its namespaces and tables: `<warehouse>/<namespace>/…/<table>`. Every
 * name becomes exactly one directory below the warehouse: a name that could leave it or land
 * elsewhere (empty, `.`, `..`, a separator, a drive or scheme, a hidden `_`/`.` name, a control
 * character) is refused in one line, and on local storage a link on the way is refused too.
 */
final class WarehousePaths(storage: Storage, val warehouse: String) {

  def namespace(ns: Array[String]): String = {
    ns.foreach(n => check("namespace", n))
    resolve(ns.toSeq)
  }

  def table(ns: Array[String], name: String): String = {
    ns.foreach(n => check("namespace", n))
    check("table", name)
    resolve(ns.toSeq :+ name)
  }

  private def resolve(parts: Seq[String]): String = {
    var path = warehouse
    for (p <- parts) {
      path = storage.resolve(path, p)
      refuseLink(path)
    }
    path
  }

  private def check(kind: String, name: String): Unit = {
    val why =
      if (name == null || name.isEmpty) Some("it is empty")
      else if (name == "." || name == "..") Some("it names a directory relative to another")
      else if (name.exists(c => c == '/' || c == '\\' || c == ':')) Some("it holds a path separator or a scheme")
      else if (name.startsWith("_") || name.startsWith(".")) Some("names starting with '_' or '.' are hidden")
      else if (name.exists(Character.isISOControl(_))) Some("it holds a control character")
      else None
    why.foreach(w => throw new InvalidOptionException(s"$kind name '$name' is refused in the warehouse $warehouse: $w"))
  }

  /** On local storage, a link inside the warehouse could lead outside it. */
  private def refuseLink(path: String): Unit =
    if (!path.contains("://") && Files.isSymbolicLink(Paths.get(path))) {
      throw new InvalidOptionException(s"$path is a link: the warehouse $warehouse does not follow links")
    }
}

