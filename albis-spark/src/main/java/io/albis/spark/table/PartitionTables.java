package io.albis.spark.table;

import io.albis.layout.PartitionPath;
import io.albis.storage.Storage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The partition tables below a directory: the {@code key=value} directories (at any depth) that
 * hold a table of their own, as partitioned writes laid a table out before one table state
 * covered all its partitions.
 */
final class PartitionTables {
    private PartitionTables() {}

    /** The partition tables below {@code root}, in listing order. */
    static List<String> find(Storage storage, String root) throws IOException {
        List<String> out = new ArrayList<>();
        collect(storage, root, out);
        return out;
    }

    private static void collect(Storage storage, String dir, List<String> out) throws IOException {
        for (String name : storage.list(dir)) {
            if (!PartitionPath.isComponent(name)) { // row groups, hidden names and others
                continue;
            }
            String child = storage.resolve(dir, name);
            if (!storage.isDirectory(child)) {
                continue;
            }
            if (TableSnapshot.isTable(storage.list(child))) {
                out.add(child);
            } else {
                collect(storage, child, out);
            }
        }
    }
}
