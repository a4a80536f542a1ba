package io.albis.table;

/**
 * A published row group.
 *
 * @param index its position in the table (format 1.0: the number in its directory name)
 * @param name  its name, as the table state lists it
 * @param path  {@code table/name}: its directory in tables of formats 1.0 to 3.x, the common start
 *              of its files' names in a table of format 4.0 (see {@link io.albis.layout.RowGroupLayout})
 */
public record RowGroupRef(int index, String name, String path) {}
