/**
 * The row codec: where each value of a column group's row lives ({@link io.albis.row.RowLayout},
 * computed once per schema), and the one decoder and bounds checker of rows
 * ({@link io.albis.row.SegmentRows}) with a reader per slot ({@link io.albis.row.RowSlot}).
 *
 * <p>Every reader of rows goes through it: the row iterator's typed getters, runs and batches
 * (whose rows it has checked), the checksum scan and {@code albis verify}; engine converters are
 * meant to as well. The contract: {@code SegmentRows} checks a segment once (its rows lie in the
 * buffer, fixed-width rows tile it) and each row once as it steps onto it (size counter, every
 * string or binary value inside the row), so values are then read by address with no further
 * check on the data; getters check only their arguments. A row that fails a check is never
 * stood on. The owner of a segment buffer calls {@code detach()} before it reuses or frees the
 * buffer; detached, the rows read as one all-null row.
 */
package io.albis.row;
