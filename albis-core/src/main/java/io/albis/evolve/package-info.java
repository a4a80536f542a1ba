/**
 * Table evolution (docs/FORMAT.md, "Schema changes"): rename, add, drop, re-group and re-balance,
 * each published in one atomic step ({@link io.albis.evolve.TableEvolution}); the per-row-group
 * work of the operations that rewrite rows, so an engine can run it in its own tasks
 * ({@link io.albis.evolve.EvolutionTasks}); the one copier of rows between schema versions
 * ({@link io.albis.evolve.RowCopier}); and a table's schema history.
 */
package io.albis.evolve;
