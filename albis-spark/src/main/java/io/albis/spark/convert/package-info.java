/**
 * Conversion of Parquet or ORC tables (or an Albis table, cut anew) into Albis as one Spark job
 * ({@link io.albis.spark.convert.ConvertJob}, the main class of the module's jar): Spark reads the
 * input and writes it through the albis source, with the columns typed as {@code albis convert}
 * types them and refused by name where Spark's own reader would read them otherwise.
 */
package io.albis.spark.convert;
