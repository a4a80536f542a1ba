package io.albis.table;

/** A published row group: its index (from its directory name) and its directory. */
public record RowGroupRef(int index, String path) {}
