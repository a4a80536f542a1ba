package io.albis.table;

/**
 * A published row group.
 *
 * @param index     its position in the table (format 1.0: the number in its directory name)
 * @param name      its name, as the table state lists it
 * @param partition its partition directory relative to the table ({@link io.albis.layout.PartitionPath};
 *                  {@code ""}: the table directory itself, as for every row group before format 5.0)
 * @param path      {@code table/name} or {@code table/partition/name}: its directory in tables of
 *                  formats 1.0 to 3.x, the common start of its files' names from format 4.0 on
 *                  (see {@link io.albis.layout.RowGroupLayout})
 */
public record RowGroupRef(int index, String name, String partition, String path) {}
