package io.albis.crail;

import io.albis.storage.Storage;
import io.albis.storage.StorageProvider;
import java.io.IOException;
import java.net.URI;

/** Serves crail:// paths with a {@link CrailStorage} per namenode (host:port). */
public final class CrailStorageProvider implements StorageProvider {

    @Override
    public boolean supports(String scheme) {
        return scheme.equals(CrailPaths.SCHEME);
    }

    @Override
    public String describe() {
        return "crail:// (Apache Crail; needs CRAIL_HOME)";
    }

    @Override
    public Storage open(URI uri) throws IOException {
        return CrailStorage.open(uri);
    }
}
