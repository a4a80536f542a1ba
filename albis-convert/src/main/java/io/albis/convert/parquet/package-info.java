/**
 * Parquet to and from Albis. {@link io.albis.convert.parquet.ParquetToAlbis} reads a Parquet file
 * or a directory of them with parquet-java ({@code ParquetInput} checks footers, codecs and
 * checksums; {@code ParquetCodecs} decodes the codecs parquet-java cannot load) and hands each
 * value of a flat column straight to the Albis writer's typed setters through a converter tree
 * ({@code AlbisRecordMaterializer}, {@code StructConverter}, {@code LeafConverters}), assembling a
 * list or map first ({@code ParquetNestedConverters}). {@link io.albis.convert.parquet.AlbisToParquet}
 * writes an Albis table as one Parquet file through a {@code WriteSupport} that reads the Albis
 * reader's getters. {@link io.albis.convert.parquet.ParquetSchemas} is the one type mapping, public
 * so that other engines map types as {@code albis convert} does.
 */
package io.albis.convert.parquet;
