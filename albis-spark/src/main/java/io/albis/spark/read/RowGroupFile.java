package io.albis.spark.read;

import io.albis.layout.TableLayout;
import io.albis.spark.table.HadoopPaths;
import io.albis.spark.table.TableSnapshot;
import io.albis.storage.Storages;
import java.io.IOException;
import java.util.Map;
import org.apache.hadoop.fs.Path;

/**
 * A file Spark listed in an Albis table, seen as the row group it belongs to. Spark plans a task per listed file; the task of one file per row
 * group, the data file of its first column group, reads the whole row group (every column group
 * the query needs), the tasks of the others read nothing. That keeps one row group in one task.
 *
 * @param table    the table directory, as the storage layer names it ({@link HadoopPaths#storagePath})
 * @param rowGroup the row group directory's name
 * @param groupId  the column group's id
 * @param isData   the file is a data file (not a metadata file)
 */
record RowGroupFile(String table, String rowGroup, int groupId, boolean isData) {
    /**
     * The row group of a file Spark listed itself (the V1 path), or null when the file is not one of
     * a row group's: a 4.0 table's {@code <table>/<row group>.cg-NNNNNNNN.{data,meta}}, or an older
     * table's {@code <table>/<row group>/cg-NNNNNNNN/{data,meta}} (docs/FORMAT.md §1). A 4.0 file's
     * table is the nearest directory at or above the file's that holds a table, stepping up only
     * through {@code key=value} directories: a partitioned table of format 5.0 keeps its row groups
     * in partition directories below it. {@code tables} remembers the table of each directory seen.
     */
    static RowGroupFile listed(Path file, Map<String, String> tables) throws IOException {
        Path dir = file.getParent();
        if (dir == null || TableLayout.columnGroupFile(file.getName()) == null) {
            return of(file, null);
        }
        String table = tables.get(dir.toString());
        if (table == null) {
            table = tableOf(dir);
            tables.put(dir.toString(), table);
        }
        return of(file, table);
    }

    /** The table whose row group files lie in {@code dir}: it, or the table whose partition directory it is. */
    private static String tableOf(Path dir) throws IOException {
        for (Path d = dir; d != null; d = d.getParent()) {
            String path = HadoopPaths.storagePath(d);
            if (TableSnapshot.isTableDirectory(Storages.forPath(path), path)) {
                return path;
            }
            if (!io.albis.layout.PartitionPath.isComponent(d.getName())) {
                break;
            }
        }
        return HadoopPaths.storagePath(dir);
    }

    /**
     * The row group of a file Spark planned a task for, of the table its metadata names
     * ({@link SnapshotFileIndex#TableKey()}: a partitioned table's row groups lie in partition
     * directories below it), else of the directory the file is in.
     */
    static RowGroupFile of(org.apache.spark.sql.execution.datasources.PartitionedFile file) {
        Object table = file.otherConstantMetadataColumnValues().get(SnapshotFileIndex.TableKey()).getOrElse(() -> null);
        return of(file.toPath(), (String) table);
    }

    private static RowGroupFile of(Path file, String owner) {
        TableLayout.ColumnGroupFile flat = TableLayout.columnGroupFile(file.getName());
        if (flat != null && file.getParent() != null) {
            return new RowGroupFile(owner != null ? owner : HadoopPaths.storagePath(file.getParent()), flat.rowGroup(),
                    flat.groupId(),
                    flat.kind().equals(TableLayout.DATA_FILE));
        }
        Path cg = file.getParent();
        Path rg = cg == null ? null : cg.getParent();
        Path table = rg == null ? null : rg.getParent();
        if (table == null || !rg.getName().startsWith(TableLayout.RG_PREFIX)) {
            return null;
        }
        int groupId = TableLayout.columnGroupId(cg.getName());
        String name = file.getName();
        if (groupId < 0 || !(name.equals(TableLayout.DATA_FILE) || name.equals(TableLayout.META_FILE))) {
            return null;
        }
        return new RowGroupFile(HadoopPaths.storagePath(table), rg.getName(), groupId, name.equals(TableLayout.DATA_FILE));
    }
}
