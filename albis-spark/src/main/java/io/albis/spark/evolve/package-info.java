/**
 * Table evolution as Spark jobs ({@link io.albis.spark.evolve.AlbisEvolution}): adding columns
 * computed by Spark SQL expressions, heavy drops, re-grouping and re-balancing, each row group's
 * work a Spark task of its own, each operation published in one atomic step or not at all.
 * Re-grouping and re-balancing in a sort order rewrite every row through a range-partitioned
 * Spark job instead ({@code SortedRewrite}).
 */
package io.albis.spark.evolve;
