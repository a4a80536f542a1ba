/**
 * Arrow IPC peers, at arrow-vector 18.3.0 with the netty allocator.
 *
 * <p>Written with {@code ArrowFileWriter}, one uncompressed IPC file per source row group, record
 * batches of 65,536 rows; types: int8/16/32/64, float32/64, bool, date32 (days), timestamp µs UTC,
 * decimal128(p, s), utf8, binary; lists as list, maps as map (entries of a non-null key and a
 * value).
 *
 * <p>Read with {@code ArrowFileReader} over a {@code FileChannel} into its {@code VectorSchemaRoot},
 * {@code loadNextBatch()}, then every projected value through the vectors' {@code get(i)} (and
 * {@code isNull(i)} when the batch has nulls); decimals of up to 18 digits as the low word of the
 * 16-byte value from the data buffer (DecimalVector has no getter that does not allocate), strings
 * and binaries in place between their offsets; lists and maps by the offsets of their
 * {@code ListVector} or {@code MapVector} over the child vectors, whose values are read like a
 * column's. Arrow's Java IPC reader loads every column of a batch; there is no pushdown.
 *
 * <ul>
 *   <li>{@code arrow}: Arrow's defaults, bounds checks and null checks in {@code get} on.</li>
 *   <li>{@code arrow-unsafe}: the same reader in a JVM started with
 *       {@code -Darrow.enable_unsafe_memory_access=true -Darrow.enable_null_check_for_get=false}
 *       (its {@code jvmArgs()}); Arrow reads these when its classes initialise, so a read in a JVM
 *       without them is refused.</li>
 * </ul>
 */
package io.albis.bench.format.arrow;
