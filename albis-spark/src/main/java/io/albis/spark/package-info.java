/**
 * The Spark SQL source {@code albis}: {@code AlbisDataSource}, which Spark finds through its
 * {@code DataSourceRegister} service file, reads paths through the V2 API
 * ({@link io.albis.spark.read}) and falls back to {@code AlbisFileFormat}, the V1 file format,
 * for everything Spark routes to V1 (writes through {@link io.albis.spark.write}, catalog tables,
 * {@code INSERT}). {@code AlbisSessionExtensions}, which Spark finds through its
 * {@code SparkSessionExtensionsProvider} service file, adds {@code OperatorsIntoScans}, the rule
 * that lets an Albis scan take the aggregate, LIMIT or top-N directly above it. This package only
 * wires these together; evolution
 * ({@link io.albis.spark.evolve}) and conversion ({@link io.albis.spark.convert}) are Spark jobs
 * built on them, and {@link io.albis.spark.types} and {@link io.albis.spark.table} hold what they
 * all share; those two use none of the others, so the dependencies point one way.
 *
 * <p>Java and Scala: a class is Scala only when Spark makes it so, and Java otherwise. Scala are
 * the implementations of Spark's Scala traits and abstract classes whose members take or return
 * Scala types ({@code FileDataSourceV2}, {@code FileTable}, {@code FileFormat},
 * {@code FileScanBuilder}, {@code FileScan}, {@code FilePartitionReaderFactory}, Catalyst's
 * {@code Rule}, {@code SparkSessionExtensionsProvider}), the objects that
 * hand them Scala values ({@code ColumnarReads}, {@code FileReads}), and the two objects in
 * {@code org.apache.spark.sql.albis} that reach members Spark keeps to its {@code sql} package.
 * Everything else is Java: the code that runs per row or per value (row conversion, the column
 * vectors, the row writer), so that the bytecode the JIT compiles is the code as written, with no
 * boxing through Scala generics or closures; the classes that extend Spark's or Hadoop's
 * Java-friendly types ({@code ColumnVector}, {@code OutputWriter}, {@code OutputCommitter}); and the
 * jobs that use only Albis's Java API (commit, evolution, conversion).
 */
package io.albis.spark;
