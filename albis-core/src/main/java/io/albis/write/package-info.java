/**
 * Writing tables. Two writers take rows through the same typed setters ({@link io.albis.write.RowWriter},
 * which checks each value against the schema and stages it in its column group's
 * {@link io.albis.row.RowEncoder}): {@link io.albis.write.AlbisWriter} writes new row groups as one
 * task of a write job, its own or a driver's ({@link io.albis.write.WriteJob}, whose
 * {@link io.albis.write.CommitPlan} says what its commit keeps of the table, its tasks committed
 * by {@code TaskCommitter}), one per partition of a {@link io.albis.write.PartitionedTaskWriter}
 * when a task writes into partition directories, and {@link io.albis.write.NewColumnGroupsWriter} writes the new column
 * groups of one existing row group for a schema change ({@link io.albis.write.TableChange}). Below
 * both, {@code RowGroupWriter} writes a row group's files and {@code ColumnGroupWriter} one column
 * group's data file, segment by segment, and the metadata that describes it (docs/FORMAT.md §7, §8).
 * Nothing a writer writes is visible before a commit publishes a table state that lists it
 * (docs/FORMAT.md §11).
 */
package io.albis.write;
