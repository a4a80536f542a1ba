package io.albis.storage;

import java.io.IOException;
import java.net.URI;

/**
 * Supplies the {@link Storage} for paths of some URI schemes (hdfs://, crail://, ...). Providers
 * live in the backend modules and are found with {@link java.util.ServiceLoader}, so albis-core
 * stays free of their dependencies; {@link Storages#forPath} picks one by the path's scheme.
 */
public interface StorageProvider {

    /** Whether this provider serves paths with the given lower-case URI scheme. */
    boolean supports(String scheme);

    /** What this provider serves, for error messages (e.g. "hdfs:// and other Hadoop file systems"). */
    String describe();

    /** A storage for paths under {@code uri}'s scheme and authority. */
    Storage open(URI uri) throws IOException;
}
