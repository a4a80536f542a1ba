package io.albis.hdfs;

import io.albis.storage.Storage;
import io.albis.storage.StorageProvider;
import java.io.IOException;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * Serves every URI scheme Hadoop has a file system for (hdfs://, webhdfs://, s3a://, ... as
 * configured), except file:// (albis-core's local storage) and crail:// (albis-crail talks to
 * Crail's own client).
 */
public final class HadoopStorageProvider implements StorageProvider {

    @Override
    public boolean supports(String scheme) {
        if (scheme.equals("file") || scheme.equals("crail")) {
            return false;
        }
        try {
            FileSystem.getFileSystemClass(scheme, configuration());
            return true;
        } catch (IOException | RuntimeException e) {
            // No file system for the scheme, or one Hadoop names whose class is not on the class path (s3a, abfs, ...).
            return false;
        }
    }

    @Override
    public String describe() {
        return "hdfs:// and other Hadoop file systems";
    }

    @Override
    public Storage open(URI uri) throws IOException {
        return HadoopStorage.open(uri, configuration());
    }

    /**
     * Hadoop's configuration from the class path (core-site.xml, hdfs-site.xml), with bounded
     * connection retries unless the site files choose otherwise: Hadoop's defaults retry a dead
     * namenode for minutes (45 retries of 20 s on timeouts), which looks like a hang to a user.
     */
    public static Configuration configuration() {
        Configuration conf = new Configuration();
        conf.setIfUnset("ipc.client.connect.max.retries", "3");
        conf.setIfUnset("ipc.client.connect.max.retries.on.timeouts", "3");
        conf.setIfUnset("ipc.client.connect.timeout", "10000");
        return conf;
    }
}
