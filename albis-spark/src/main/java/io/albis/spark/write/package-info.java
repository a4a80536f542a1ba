/**
 * Writing Albis tables from Spark, each write one Albis job and one commit. Catalog tables are
 * written through Spark's V2 API ({@link io.albis.spark.write.AlbisWriteBuilder}: append, overwrite,
 * overwrite of the partitions a filter matches, dynamic partition overwrite, a replace of the
 * columns too; {@code TableWriteJob} begins and commits the job, {@code RowGroupDataWriter} writes a
 * task's rows into its partitions). Paths are written through Spark's V1 file source path: the
 * driver checks the options and the schema, begins one Albis job on the output directory, which
 * is one table whether the write is partitioned or not, and names the committer
 * ({@link io.albis.spark.write.AlbisWrites}, {@code SparkWriteJob}); each task attempt writes its
 * rows in place, invisible, into the partition directories Spark names, through one Albis task
 * writer ({@code TaskWriters}, {@code AlbisOutputWriter}, {@link io.albis.spark.write.InternalRowWriter});
 * {@link io.albis.spark.write.AlbisOutputCommitter} commits attempts and publishes one new table
 * state for all partitions when the job commits, or removes everything the job wrote when it aborts.
 * A write's sort order ({@link io.albis.spark.write.WriteOrder}: the {@code sortBy} option or table
 * property) is Spark's to plan on the V2 path; on the V1 path each output file's rows go through
 * Spark's external sorter ({@code SortedOutputWriter}, {@code RowSorter}) first.
 */
package io.albis.spark.write;
