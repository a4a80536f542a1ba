/**
 * Segments and their metadata: the metadata file of one column group in one row group
 * (docs/FORMAT.md, "Metadata file"), and per segment its place in the data file, row count,
 * checksum and per-column statistics (null count, minimum, maximum, sorted), which readers use to
 * skip segments a filter rules out.
 */
package io.albis.segment;
