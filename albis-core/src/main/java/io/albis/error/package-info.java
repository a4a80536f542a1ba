/**
 * The exceptions Albis documents. Every problem found in a table's bytes is an
 * {@link io.albis.error.AlbisFormatException} naming the file and, where known, the offset
 * (corrupt, not an Albis table, unsupported version); requests that do not fit the schema, invalid
 * options and lost commit races each have an exception of their own, so a caller can tell them apart.
 */
package io.albis.error;
