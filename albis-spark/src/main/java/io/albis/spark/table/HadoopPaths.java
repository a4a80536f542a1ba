package io.albis.spark.table;

import org.apache.hadoop.fs.Path;

/** The paths Spark and Hadoop hand the source, as Albis's storage layer takes them. */
public final class HadoopPaths {
    private HadoopPaths() {}

    /**
     * A Hadoop path as Albis's storage layer takes it: a local path for {@code file:} URIs (which
     * Spark writes as {@code file:/x}, a form the storage layer does not parse as a URI), the URI
     * otherwise ({@code hdfs://…}, {@code crail://…}).
     */
    public static String storagePath(Path p) {
        java.net.URI uri = p.toUri();
        if (uri.getScheme() == null || uri.getScheme().equals("file")) {
            return uri.getPath();
        }
        return p.toString();
    }
}
