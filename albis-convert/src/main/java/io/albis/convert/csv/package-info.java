/**
 * CSV into Albis: {@link io.albis.convert.csv.CsvToAlbis} reads an RFC 4180 file with a header
 * line ({@code CsvFile}), infers each column's type from its values ({@code CsvTypeInference}) or
 * takes the declared ones, and parses each field into the Albis writer ({@code CsvValues}).
 */
package io.albis.convert.csv;
