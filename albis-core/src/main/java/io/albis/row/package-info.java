/**
 * The row codec (docs/FORMAT.md §6) in both directions: where each value of a column group's row
 * lives ({@link io.albis.row.RowLayout}, computed once per schema); the one encoder of rows
 * ({@link io.albis.row.RowEncoder}, which a writer stages a row in and lays into a segment) with
 * the encoder of list and map values given as Java objects ({@link io.albis.row.NestedValueEncoder})
 * and the conversions of Java objects both take ({@link io.albis.row.JavaValues}); and the one
 * decoder and bounds checker of rows ({@link io.albis.row.SegmentRows}) with a reader per slot
 * ({@link io.albis.row.RowSlot}). The arithmetic, views and checker of nested values are
 * {@code io.albis.nested}'s.
 *
 * <p>Every reader of rows goes through the decoder: the row iterator's typed getters, runs and
 * batches (whose rows it has checked), the checksum scan and {@code albis verify}; engine
 * converters are meant to as well. The contract: {@code SegmentRows} checks a segment once (its
 * rows lie in the buffer, fixed-width rows tile it) and each row once as it steps onto it (size
 * counter, every string or binary value inside the row), so values are then read by address with
 * no further check on the data; getters check only their arguments. A row that fails a check is
 * never stood on. The owner of a segment buffer calls {@code detach()} before it reuses or frees
 * the buffer; detached, the rows read as one all-null row.
 */
package io.albis.row;
