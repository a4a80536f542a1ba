package io.albis.spark.write;

import java.util.Set;
import org.apache.spark.sql.connector.expressions.filter.Predicate;

/**
 * Which partitions of a table an overwrite by a filter replaces: the partitions of the newest
 * state whose values the filter keeps. The table answers it, from the same snapshot the job then
 * begins at ({@link TableWriteJob} checks the version and tries again if a commit came between).
 */
public interface PartitionScope {
    /** The partitions a filter matched, in the state {@code version}. */
    record Matched(int version, Set<String> partitions) {}

    /** The partitions {@code predicates} (on partition columns only) match now, or null when they name another column. */
    Matched match(Predicate[] predicates);
}
