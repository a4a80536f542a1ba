/**
 * Where a table's files are and how each file begins: names of the directories and files of a
 * table and of its row groups for every format version (docs/FORMAT.md, "Directory layout"), the
 * grammar of partition directories ({@link io.albis.layout.PartitionPath}), the
 * 8-byte header every file starts with and the format versions it states, and the opening of a
 * small file in the order its header, footer and checksum must be trusted.
 */
package io.albis.layout;
