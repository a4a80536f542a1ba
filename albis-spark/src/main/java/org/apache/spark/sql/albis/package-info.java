/**
 * The two doors into members Spark keeps visible to its {@code sql} package only: its translation
 * of a filter expression into a data source filter ({@code FilterTranslation}), which tells the
 * albis scan which of Spark's filters Albis evaluates exactly, and the runtime partition filters
 * of dynamic partition pruning as a test of a partition's values
 * ({@code RuntimePartitionFilters}). Scala objects, each a few lines; nothing else of Albis lives
 * in Spark's namespace.
 */
package org.apache.spark.sql.albis;
