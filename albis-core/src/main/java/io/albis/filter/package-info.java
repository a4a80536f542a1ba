/**
 * Filters: predicates as users build or write them ({@link io.albis.filter.Predicates},
 * {@link io.albis.filter.PredicateParser} for {@code --where}), bound to a reader's columns with
 * literals in stored form ({@link io.albis.filter.BoundPredicate}), which says from segment
 * statistics whether a segment may match (level 1) and tests each row strictly (level 2) through
 * {@link io.albis.filter.RowValues}.
 */
package io.albis.filter;
