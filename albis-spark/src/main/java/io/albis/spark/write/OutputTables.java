package io.albis.spark.write;

import io.albis.layout.TableLayout;
import io.albis.spark.table.HadoopPaths;
import io.albis.storage.Storage;
import io.albis.storage.Storages;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * The tables a Spark write reaches: its output directory and the {@code key=value} directories
 * below it, each of which is a table of a partitioned write.
 */
final class OutputTables {
    private OutputTables() {}

    /**
     * The directory a write job writes: Spark's output directory, or the table whose partitions a
     * dynamic overwrite replaces ({@link AlbisWrites#stagingRoot}).
     */
    static String root(Configuration conf) {
        String dir = conf.get(FileOutputFormat.OUTDIR);
        if (dir == null) {
            throw new IllegalStateException("the write job has no output directory (" + FileOutputFormat.OUTDIR + ")");
        }
        Path staged = AlbisWrites.stagingRoot(conf);
        return HadoopPaths.storagePath(staged != null ? staged : new Path(dir));
    }

    /**
     * The directories at and below {@code root} whose listing {@code isTable} accepts, at most
     * {@code most} of them, in listing order. A directory accepted is not entered (a table holds
     * no tables); row groups and hidden ({@code _}) names are never entered.
     */
    static List<String> find(String root, Predicate<List<String>> isTable, int most) throws IOException {
        Storage storage = Storages.forPath(root);
        List<String> out = new ArrayList<>();
        if (storage.isDirectory(root)) {
            collect(storage, root, isTable, most, out);
        }
        return out;
    }

    private static void collect(Storage storage, String dir, Predicate<List<String>> isTable, int most, List<String> out)
            throws IOException {
        List<String> names = storage.list(dir);
        if (isTable.test(names)) {
            out.add(dir);
            return;
        }
        for (String name : names) {
            if (out.size() >= most) {
                return;
            }
            if (name.startsWith(TableLayout.RG_PREFIX) || name.startsWith("_")) {
                continue;
            }
            String child = storage.resolve(dir, name);
            if (storage.isDirectory(child)) {
                collect(storage, child, isTable, most, out);
            }
        }
    }
}
