package io.albis.table;

import io.albis.layout.PartitionPath;
import io.albis.layout.TableLayout;
import io.albis.storage.Storage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Finds the partition directories under a table directory (docs/FORMAT.md §1, "Partition
 * directories"), for those who must see every row group file whether a state lists it or not:
 * the cleaner and a job's abort. A partition directory is an entry named {@code name=value} that is
 * a directory, found from the table directory down. One that holds a schema or state file is not a
 * partition but a table of its own (before 5.0, an engine made every partition a table) and is
 * left alone with everything below it.
 */
public final class PartitionDirectories {
    private PartitionDirectories() {}

    /**
     * A partition directory found.
     *
     * @param partition its partition path, relative to the table directory
     * @param path      its path
     * @param names     its listing
     */
    public record Directory(String partition, String path, List<String> names) {}

    /**
     * Every partition directory under {@code table}, whose listing is {@code names}; parents come
     * before their children. {@code known}: partitions known to be directories (those a state lists),
     * listed without asking whether they are directories first. A table directory without an entry
     * named {@code name=value} costs no storage operation.
     */
    public static List<Directory> under(Storage storage, String table, List<String> names, Set<String> known)
            throws IOException {
        Set<String> knownDirectories = new HashSet<>();
        for (String p : known) {
            for (int slash = p.indexOf('/'); slash >= 0; slash = p.indexOf('/', slash + 1)) {
                knownDirectories.add(p.substring(0, slash));
            }
            knownDirectories.add(p);
        }
        List<Directory> out = new ArrayList<>();
        descend(storage, table, PartitionPath.ROOT, names, knownDirectories, out);
        return out;
    }

    /** True when a listing has an entry that may be a partition directory. */
    public static boolean mayHold(List<String> names) {
        for (String n : names) {
            if (PartitionPath.isComponent(n)) {
                return true;
            }
        }
        return false;
    }

    private static void descend(Storage storage, String table, String parent, List<String> names, Set<String> known,
            List<Directory> out) throws IOException {
        for (String n : names) {
            if (!PartitionPath.isComponent(n)) {
                continue;
            }
            String partition = PartitionPath.relative(parent, n);
            String path = PartitionPath.directory(storage, table, partition);
            if (!known.contains(partition) && !storage.isDirectory(path)) {
                continue;
            }
            List<String> listing = RowGroupFiles.listIfThere(storage, path);
            if (holdsTable(listing)) {
                continue;
            }
            out.add(new Directory(partition, path, listing));
            descend(storage, table, partition, listing, known, out);
        }
    }

    private static boolean holdsTable(List<String> names) {
        for (String n : names) {
            if (TableLayout.schemaVersion(n) >= 0 || TableLayout.stateVersion(n) > 0) {
                return true;
            }
        }
        return false;
    }
}
