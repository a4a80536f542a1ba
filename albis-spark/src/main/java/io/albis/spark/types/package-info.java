/**
 * The one mapping between Albis types and Spark SQL types, both ways
 * ({@link io.albis.spark.types.SparkTypes}), which the reads, the writes, the jobs and the
 * benchmark's Spark formats all use.
 */
package io.albis.spark.types;
