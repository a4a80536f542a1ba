/**
 * Converters between Albis tables and Parquet, ORC or CSV files, as a library on any path a
 * storage serves: local paths, file://, hdfs:// and crail://.
 *
 * <ul>
 *   <li>{@link io.albis.convert.parquet}: {@code ParquetToAlbis}, a Parquet file or a directory of
 *       Parquet files with one schema into a new Albis table, each value of a flat column handed
 *       straight to the Albis writer's typed setters, with no record objects and no boxing (a list
 *       or map is assembled from Java objects and set as one value); {@code AlbisToParquet}, an
 *       Albis table into one Parquet file through a {@code WriteSupport} that reads the Albis
 *       reader's getters.</li>
 *   <li>{@link io.albis.convert.orc}: {@code OrcToAlbis}, an ORC file or a directory of ORC files
 *       with one schema into a new Albis table, batch by batch from orc-core's
 *       {@code VectorizedRowBatch} into the Albis writer's typed setters; {@code AlbisToOrc}, an
 *       Albis table into one ORC file with orc-core's writer (default stripe size and row index
 *       stride).</li>
 *   <li>{@link io.albis.convert.csv}: {@code CsvToAlbis}, an RFC 4180 CSV file with a header line
 *       into a new Albis table, types inferred or declared.</li>
 *   <li>{@link io.albis.convert.source}: {@code SourceFormat.detect}, which of these an input path
 *       is, as {@code albis convert} tells it.</li>
 * </ul>
 *
 * <p>This package holds what the formats share: the options ({@link io.albis.convert.ConvertOptions}),
 * the result ({@link io.albis.convert.ConvertResult}), progress ({@link io.albis.convert.ProgressListener}),
 * bad input ({@link io.albis.convert.ConvertInputException}), and the plumbing the format packages
 * use and nothing else should: the input files, the output table and output file that appear only
 * when complete, and the values on their way ({@code ValueTarget} into the Albis writer or a nested
 * value, {@code ValueSource} out of the Albis reader). Dependencies point one way: each format
 * package uses this one, never another format's, and this one uses none of them.
 *
 * <h2>Paths</h2>
 * Parquet, ORC and CSV files are read and written through Hadoop's {@code FileSystem} for their
 * path, with the configuration in {@link io.albis.convert.ConvertOptions#hadoopConf()}: plain paths
 * and file:// through Hadoop's raw local file system (no .crc side files), hdfs:// and other
 * schemes through the file system Hadoop names for them (albis-crail registers one for crail://).
 * Albis tables are read and written through the {@link io.albis.storage.Storage} that
 * {@link io.albis.storage.Storages#forPath} gives for their path, or one the caller passes.
 *
 * <h2>Type mapping</h2>
 * One mapping per direction, public so that every engine maps types as {@code albis convert}
 * does: {@link io.albis.convert.parquet.ParquetSchemas} (Parquet schema to and from Albis fields) and
 * {@link io.albis.convert.orc.OrcSchemas} (ORC {@code TypeDescription} to and from Albis fields).
 * CSV columns are typed by inference or declaration ({@link io.albis.convert.csv.CsvToAlbis}).
 *
 * <h2>Failures</h2>
 * A failed conversion into Albis leaves no table visible (one place, {@code OutputTable}, opens
 * the writer and discards on failure); a failed conversion into Parquet or ORC leaves no file, as
 * the file is written under a hidden temporary name and renamed into place when complete. Bad
 * input is a {@link io.albis.convert.ConvertInputException} naming file and row, line or column;
 * a damaged file is one saying "corrupt" and naming the row group or stripe, column and page where
 * they can be found; a type Albis cannot hold is a {@link io.albis.error.SchemaMismatchException}
 * naming the column, raised before anything is written. Every message is one line, with library
 * failures put in words ({@code ConvertInputException.describe}), not exception class names.
 */
package io.albis.convert;
