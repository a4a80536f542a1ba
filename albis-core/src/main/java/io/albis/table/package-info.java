/**
 * A table as a whole: opening it at its latest (or an earlier) table state
 * ({@link io.albis.table.AlbisTable}), the table state and task manifest files and their atomic
 * publication (docs/FORMAT.md, "Table state and commits"), the table's properties
 * ({@link io.albis.table.TableProperties}) and history ({@link io.albis.table.TableHistory}),
 * versioned schema files, the cleaner of what no reader can open (in the table directory and its
 * partition directories), retention, and the verifier of every invariant the format states.
 */
package io.albis.table;
