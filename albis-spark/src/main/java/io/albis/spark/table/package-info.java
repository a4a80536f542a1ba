/**
 * What the read and write sides of the source share about the tables they reach: a Hadoop path
 * as Albis's storage layer takes it ({@link io.albis.spark.table.HadoopPaths}), the source's
 * options by name in any case ({@link io.albis.spark.table.SourceOptions}), and which table state
 * was the table at a given time ({@link io.albis.spark.table.StatesAsOf}), the one agreement the
 * driver and every task reach on their own.
 */
package io.albis.spark.table;
