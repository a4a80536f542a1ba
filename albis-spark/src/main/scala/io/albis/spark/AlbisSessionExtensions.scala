package io.albis.spark

import org.apache.spark.sql.{SparkSessionExtensions, SparkSessionExtensionsProvider}

/**
 * Albis's additions to a Spark session: [[OperatorsIntoScans]], which lets Spark push an
 * aggregate, a LIMIT or a top-N into the Albis scan directly below it, and
 * [[NestedRuntimeFilters]], which keeps runtime filters on Albis scans from nesting. Spark finds this class in
 * the jar and applies it to every session it builds (a `SparkSessionExtensionsProvider` service);
 * where that is switched off, `spark.sql.extensions=io.albis.spark.AlbisSessionExtensions` names
 * it. Without it every Albis scan leaves the exact filters Spark deems selective above itself,
 * and Spark pushes those operators only into scans without such a filter.
 */
class AlbisSessionExtensions extends SparkSessionExtensionsProvider {
  override def apply(extensions: SparkSessionExtensions): Unit = {
    extensions.injectPreCBORule(_ => OperatorsIntoScans)
    extensions.injectPlannerStrategy(_ => NestedRuntimeFilters)
  }
}
