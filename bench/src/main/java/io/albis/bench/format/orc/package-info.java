/**
 * The ORC peer ({@link io.albis.bench.format.orc.OrcFormat}), at Spark 4.1.3's orc-core 2.2.2.
 *
 * <p>Written by orc-core's {@code OrcFile.createWriter} through {@link io.albis.convert.orc.AlbisToOrc},
 * one file per source row group, default stripe size and row index stride (10,000 rows); codecs
 * none, zlib, zstd. Timestamps in UTC, dates in the proleptic calendar, so no value is converted
 * on the way back.
 *
 * <p>Read with {@code Reader.rows(options).nextBatch(VectorizedRowBatch)}, batches of 1024 rows,
 * projection by {@code Reader.Options.include}. The batch is made with
 * {@code RowBatchVersion.USE_DECIMAL64}, so decimals of up to 18 digits are decoded into
 * {@code Decimal64ColumnVector}s as unscaled longs: orc-core's fastest decimal path (the original
 * batch gives a {@code HiveDecimalWritable} per value). The filter is handed to orc-core as a
 * {@code SearchArgument}, which skips row-index groups by their statistics; ORC's row-level
 * filtering ({@code allowSARGToFilter}, selected vectors) is left off, the adapter filters rows
 * itself.
 *
 * <p>Lists and maps: written by {@link io.albis.convert.orc.AlbisToOrc} like every other column, read from the batch's {@code ListColumnVector} and
 * {@code MapColumnVector}: offsets and lengths over child vectors whose values are read like a
 * column's.
 */
package io.albis.bench.format.orc;
