/**
 * Reading a table. {@link io.albis.read.AlbisReader} hands out rows one at a time, read through
 * typed getters or as the bytes they are stored in ({@link io.albis.read.BinaryRow});
 * {@link io.albis.read.RunReader} hands out runs of rows as slices of the segment buffers
 * ({@link io.albis.read.RowRun}) or batches of primitive arrays ({@link io.albis.read.ColumnBatch}).
 * Both extend a package-private walker that moves the read: {@code ReadPlan} plans it once,
 * {@code RowGroupOpener} and {@code SegmentPruner} open a row group and keep the rows the filter
 * may match, {@code ColumnGroupCursor} walks one column group's segments, and {@code RowView}
 * reads the current row for filters and the object getters. Rows are decoded by
 * {@link io.albis.row}.
 */
package io.albis.read;
