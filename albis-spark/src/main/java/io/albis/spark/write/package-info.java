/**
 * Writing Albis tables from Spark, through Spark's V1 file source path: the driver checks the
 * options and the schema and names the committer ({@link io.albis.spark.write.AlbisWrites}); each
 * task attempt writes its rows in place, invisible, through one Albis task writer per table
 * ({@code TaskWriters}, {@code AlbisOutputWriter}, {@link io.albis.spark.write.InternalRowWriter});
 * {@link io.albis.spark.write.AlbisOutputCommitter} commits attempts and publishes one new table
 * state per table written when the job commits, or removes everything the job wrote when it aborts.
 */
package io.albis.spark.write;
