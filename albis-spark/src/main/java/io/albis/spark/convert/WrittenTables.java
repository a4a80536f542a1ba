package io.albis.spark.convert;

import io.albis.layout.TableLayout;
import io.albis.storage.Storages;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * What a Spark write left under its output path, from the committed table states: the output is
 * one Albis table, partitioned or not (a directory of per-partition tables, as partitioned writes
 * made them before format 5.0, counts each).
 *
 * @param tables    Albis tables under the output
 * @param rows      rows in their current states
 * @param rowGroups row groups in their current states
 * @param bytes     bytes of every file under the output
 */
record WrittenTables(int tables, long rows, long rowGroups, long bytes) {

    static WrittenTables of(String output, Configuration conf) throws IOException {
        Path root = new Path(output);
        FileSystem fs = root.getFileSystem(conf);
        TreeSet<String> tables = new TreeSet<>();
        RemoteIterator<LocatedFileStatus> files = fs.listFiles(root, true);
        while (files.hasNext()) {
            Path p = files.next().getPath();
            if (p.getName().startsWith(TableLayout.STATE_PREFIX)) {
                tables.add(p.getParent().toString());
            }
        }
        long rows = 0;
        long rowGroups = 0;
        for (String dir : tables) {
            AlbisTable t = AlbisTable.open(Storages.forPath(dir), dir);
            rows += t.rowCount();
            rowGroups += t.rowGroups().size();
        }
        return new WrittenTables(tables.size(), rows, rowGroups, fs.getContentSummary(root).getLength());
    }
}
