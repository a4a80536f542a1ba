/**
 * Albis tables as Spark SQL tables: {@code AlbisSessionCatalog} extends Spark's session catalog so
 * that tables whose provider is {@code albis} are read and written through V2 (one task per row
 * group, one Albis commit per write, staged {@code CREATE}/{@code REPLACE TABLE AS SELECT}), time
 * travel ({@code VERSION AS OF}, {@code TIMESTAMP AS OF}) and {@code ALTER TABLE} as Albis schema
 * changes. Every other table is the built-in catalog's.
 */
package io.albis.spark.catalog;
