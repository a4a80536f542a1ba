package io.albis.spark.write;

import io.albis.error.InvalidOptionException;
import io.albis.schema.ColumnGroupSpec;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.spark.table.SourceOptions;
import io.albis.storage.Storage;
import io.albis.storage.Storages;
import io.albis.table.SchemaStore;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The column groups of the table a Spark write creates, from the albis source's
 * {@code columnGroups} option ({@link ColumnGroupSpec}'s syntax), decided once on the driver
 * ({@link #decide}) before anything is written.
 *
 * <p>A table's column groups are in its schema, the same for all its row groups in every
 * partition, so rows are always added under the layout the table has. With the option, a table
 * the write reaches that exists already must have the layout it names, else the write is refused
 * ({@link #check}): a layout that cannot be honoured is not dropped silently (unlike a Parquet or
 * ORC writer option, which each new file honours by itself). Without it, an existing table keeps
 * its layout (in new partitions too) and a table the write creates has one group.
 *
 * @param layout the layout of the table the write creates (one group when the option is not given)
 * @param given  whether the option was given: then an existing table must have this layout
 */
record WriteColumnGroups(ColumnGroupSpec layout, boolean given) {
    static final String OPTION = "columnGroups";

    /**
     * The column groups of a write of {@code rows} into {@code table} (a table, or a directory that
     * holds none yet), refusing a bad option before anything is written.
     */
    static WriteColumnGroups decide(Map<String, String> options, List<Field> rows, String table) throws IOException {
        String text = SourceOptions.value(options, OPTION);
        if (text == null) {
            return new WriteColumnGroups(ColumnGroupSpec.SINGLE, false);
        }
        ColumnGroupSpec layout = parse(text);
        checkColumns(layout, rows, WritePartitioning.optionColumns(options));
        WriteColumnGroups decided = new WriteColumnGroups(layout, true);
        Schema existing = schemaOf(table);
        if (existing != null) {
            decided.check(table, existing);
        }
        return decided;
    }

    /** The option's layout; bad text is refused naming the option. */
    static ColumnGroupSpec parse(String text) {
        try {
            return ColumnGroupSpec.parse(text);
        } catch (InvalidOptionException bad) {
            throw refused(bad.getMessage());
        }
    }

    /** Refuses to write into {@code table} (of schema {@code existing}) when the option names another layout. */
    void check(String table, Schema existing) {
        if (given && !layout.laysOut(existing)) {
            String has = ColumnGroupSpec.describe(existing);
            throw refused("'" + layout + "' is not the layout of the existing table " + table + ", whose column groups are '"
                    + has + "'; rows are added under a table's own column groups, so leave the option out or give '"
                    + has + "'");
        }
    }

    /** The layout must name columns the rows have, none twice, and no partition column (those are not stored). */
    private static void checkColumns(ColumnGroupSpec layout, List<Field> rows, List<String> partitionColumns) {
        if (layout.groups() != null) {
            layout.groups().forEach((group, columns) -> {
                for (String c : columns) {
                    if (partitionColumns.stream().anyMatch(c::equalsIgnoreCase)) {
                        throw refused("group '" + group + "' names the partition column '" + c + "'; partition columns"
                                + " are not stored in the table (each value is a key=value directory), so no group holds them");
                    }
                }
            });
        }
        try {
            layout.schemaOf(rows);
        } catch (IllegalArgumentException unknownOrTwice) {
            throw refused(unknownOrTwice.getMessage());
        }
    }

    /** The latest schema of the table at {@code table}, or null when it holds none. */
    private static Schema schemaOf(String table) throws IOException {
        Storage storage = Storages.forPath(table);
        if (!storage.isDirectory(table) || SchemaStore.latestVersion(storage.list(table)) < 0) {
            return null;
        }
        return SchemaStore.read(storage, table);
    }

    private static InvalidOptionException refused(String why) {
        return new InvalidOptionException("option " + OPTION + ": " + why);
    }
}
