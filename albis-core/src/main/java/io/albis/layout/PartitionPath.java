package io.albis.layout;

import io.albis.error.InvalidOptionException;
import io.albis.storage.Storage;
import java.nio.charset.StandardCharsets;

/**
 * The partition directory a row group lives in (docs/FORMAT.md §1, "Partition directories"): a
 * path relative to the table directory of one or more components {@code name=value} joined by
 * {@code /}, as Hive and Spark name partitions (Spark has escaped special characters as
 * {@code %XX} already; Albis treats the text as opaque). The empty string is the table directory
 * itself. Every partition string is checked wherever it enters: a writer's, a job's and a
 * property's caller gets an {@link InvalidOptionException}, a file that names a bad one is damage.
 */
public final class PartitionPath {
    /** The table directory itself: the partition of every row group of an unpartitioned table. */
    public static final String ROOT = "";
    /** A partition string is written as a {@code str}: at most this many UTF-8 bytes. */
    public static final int MAX_BYTES = 65_535;

    private PartitionPath() {}

    /** Why {@code partition} is not a partition path, or null when it is one ({@link #ROOT} included). */
    public static String problem(String partition) {
        if (partition == null) {
            return "it is null";
        }
        if (partition.isEmpty()) {
            return null;
        }
        for (int i = 0; i < partition.length(); i++) {
            char c = partition.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                return "it holds the control character U+" + String.format("%04X", (int) c);
            }
            if (c == '\\') {
                return "it holds a backslash";
            }
        }
        if (!StandardCharsets.UTF_8.newEncoder().canEncode(partition)) {
            return "it is not valid Unicode (an unpaired surrogate)";
        }
        if (partition.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
            return "it is longer than " + MAX_BYTES + " UTF-8 bytes";
        }
        if (partition.startsWith("/") || partition.endsWith("/")) {
            return "it starts or ends with '/'";
        }
        for (String component : partition.split("/", -1)) {
            String why = componentProblem(component);
            if (why != null) {
                return why;
            }
        }
        return null;
    }

    private static String componentProblem(String component) {
        if (component.isEmpty()) {
            return "it has an empty component ('//')";
        }
        if (component.equals(".") || component.equals("..")) {
            return "it has the component '" + component + "'";
        }
        if (component.startsWith("_") || component.startsWith(".")) {
            return "its component '" + component + "' starts with '" + component.charAt(0) + "' (such names are the"
                    + " table's own files)";
        }
        if (component.indexOf('=') < 1) {
            return "its component '" + component + "' is not name=value with a non-empty name";
        }
        return null;
    }

    /**
     * Returns {@code partition} if it is a partition path; otherwise throws an
     * {@link InvalidOptionException} naming the table, the string and what is wrong, in one line.
     */
    public static String require(String table, String partition) {
        String why = problem(partition);
        if (why != null) {
            throw new InvalidOptionException(table + ": '" + partition + "' is not a partition directory ("
                    + "name=value components joined by '/'): " + why);
        }
        return partition;
    }

    /**
     * True when an entry of a table or partition directory may be a partition directory: one
     * component {@code name=value} as {@link #problem} accepts it. No row group file, state,
     * schema, job or temporary name is one.
     */
    public static boolean isComponent(String name) {
        return !name.isEmpty() && name.indexOf('/') < 0 && problem(name) == null;
    }

    /** The directory of {@code partition} in {@code table}: the table directory itself for {@link #ROOT}. */
    public static String directory(Storage storage, String table, String partition) {
        return partition.isEmpty() ? table : storage.resolve(table, partition);
    }

    /** A row group's path relative to the table directory: {@code partition/name}, or its name in the root. */
    public static String relative(String partition, String name) {
        return partition.isEmpty() ? name : partition + "/" + name;
    }
}
