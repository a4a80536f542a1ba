/**
 * Parquet peers. Both read the same files, written by parquet-java through
 * {@link io.albis.convert.parquet.AlbisToParquet} with parquet-java's defaults: 128 MiB row groups, 1 MiB
 * pages, dictionary encoding, v1 pages, column index; codecs none (uncompressed), snappy, zstd;
 * lists and maps as standard three-level LIST and MAP. A copy's variant ({@link
 * io.albis.bench.format.parquet.ParquetLayout}) adds a bloom filter on a column, or has
 * {@code parquet-java} read it without the column index.
 *
 * <ul>
 *   <li>{@code parquet-spark} ({@link io.albis.bench.format.parquet.ParquetSparkFormat}): Spark
 *       4.1.3's {@code VectorizedParquetRecordReader} used directly, no SparkSession:
 *       {@code new VectorizedParquetRecordReader(null, "CORRECTED", "UTC", "CORRECTED", "UTC",
 *       false, 4096)} (no time zone conversion or calendar rebasing, on-heap vectors, 4096 rows a
 *       batch), {@code initialize(path, columns)}, then {@code nextBatch()} and every value of each
 *       {@code ColumnVector} through its getters ({@code getInt}, {@code getLong}, ...; strings and
 *       binaries through {@code getUTF8String}, a view without a copy; decimals of up to 9 digits
 *       as ints, up to 18 as longs, as Spark stores them). No pushdown: this entry point takes no
 *       filter. List and map columns come as array and map vectors (offsets and lengths over
 *       child vectors, {@code ParquetColumnVector}): the reader used directly reads them
 *       vectorized whatever {@code spark.sql.parquet.enableNestedColumnVectorizedReader} says, a
 *       flag only Spark's planner consults ({@code ParquetUtils.isBatchReadSupported}).</li>
 *   <li>{@code parquet-java} ({@link io.albis.bench.format.parquet.ParquetJavaFormat}), for
 *       reference: parquet-java's record path with the projection as the requested schema and a
 *       {@code RecordMaterializer} whose primitive converters add straight into the checksum (no
 *       Group objects). The filter ({@code <=}, {@code =} or {@code IN}) is also handed to
 *       parquet-java as a {@code FilterCompat} predicate: row groups skipped by statistics,
 *       dictionaries and bloom filters, pages by the column index, records by its record filter.
 *       Its read options sit on parquet-java's plain configuration, not a Hadoop one. It does not
 *       read lists and maps.</li>
 * </ul>
 */
package io.albis.bench.format.parquet;
