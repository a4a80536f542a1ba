/**
 * Tests of the Albis catalogs: statements against Parquet tables of the session catalog, time
 * travel and replaces against the rows the tests wrote, and child Spark JVMs (a local-cluster, two
 * drivers on one warehouse) killed during writes.
 */
package io.albis.spark.catalog;
