/**
 * What the peer format adapters (Parquet, ORC, Arrow IPC) share.
 *
 * <ul>
 *   <li>Files: one part file per source row group, {@code part-00000.<ext>}, ... in row-group
 *       order ({@link io.albis.bench.format.PartFiles}), written into an empty directory; the
 *       peers are measured on flat tables, so struct columns are refused
 *       ({@link io.albis.bench.format.peer.PartitionedWrite}). A list or map is one column, which
 *       the Parquet and ORC peers write through albis-convert like any other.</li>
 *   <li>Threads: thread t reads files t, t + threads, ..., like the Albis scan with row groups
 *       ({@link io.albis.bench.format.peer.PartitionedRead} over core's
 *       {@link io.albis.scan.ThreadSplit}); the time is the wall time of the whole read.</li>
 *   <li>Columns: the projected columns (all, when the spec names none) and the filter column are
 *       decoded; only projected columns count ({@link io.albis.bench.format.peer.ReadColumns}).</li>
 *   <li>Values: every projected value of every returned row goes into a
 *       {@link io.albis.bench.format.peer.Tally} by the rules of
 *       {@link io.albis.scan.ValueChecksum}: integers, dates, timestamps (µs) and decimals of up to
 *       18 digits as their (unscaled) long, floats and doubles by raw bits, wider decimals as low
 *       plus high 128-bit word ({@link io.albis.bench.format.peer.DecimalWords}), strings and
 *       binaries by their bytes; logical bytes as {@link io.albis.scan.LogicalBytes} counts them. Lists and maps by their
 *       counts and the values inside ({@link io.albis.bench.format.peer.NestedColumnSum}).</li>
 *   <li>Filter: {@code column <= max} on an int or long column, applied strictly row by row to
 *       each batch ({@link io.albis.bench.format.peer.RowFilter}: a selection vector, then the
 *       columns over the selected rows, {@link io.albis.bench.format.peer.BatchSums}), whatever
 *       the format's own pushdown skipped before.</li>
 * </ul>
 *
 * <p>Every adapter is checked against {@link io.albis.scan.ChecksumScan} on the source table
 * by one contract test that each adapter's test inherits.
 */
package io.albis.bench.format.peer;
