/**
 * Reading Albis tables in Spark: the V2 scan ({@code AlbisScanBuilder} pushes filters, partial
 * aggregates, a LIMIT or a top-N, {@code AlbisScan} plans one task per row group of one table
 * state, {@code AlbisReaderFactory} reads it) and the V1 file format's reader ({@code FileReads}).
 * A pushed aggregate is answered from segment metadata ({@code MetadataAggregates}) or computed by
 * each task over the rows it reads ({@link io.albis.spark.read.ScanAggregation},
 * {@code RowGroupAggregates}: {@code BatchValues}, {@code GroupIds}, {@code PartialAggregate}); a
 * LIMIT or top-N is applied by each task to its rows ({@code RowLimit}, {@code LimitedReads},
 * {@code TopRows}). A task
 * reads its row group by one of two paths, chosen once per scan ({@code ColumnarReads}): the
 * columnar path ({@link io.albis.spark.read.RowGroupBatches}, batches of
 * {@link io.albis.spark.read.AlbisColumnVector}s over the reader's segment buffers) or the row
 * path ({@link io.albis.spark.read.RowGroupRows}, one reused {@code UnsafeRow} per row). Filters
 * Albis evaluates exactly ({@link io.albis.spark.read.SparkFilters}) skip segments and rows;
 * {@link io.albis.spark.read.TableAsOf} names the snapshot every task of a query reads.
 * {@code ScanStatistics} tells Spark's planner the exact rows a scan reads, its columns' null
 * counts and extremes (from segment metadata, {@code ColumnExtremes}) and a size by Spark's own
 * row-width rule.
 */
package io.albis.spark.read;
