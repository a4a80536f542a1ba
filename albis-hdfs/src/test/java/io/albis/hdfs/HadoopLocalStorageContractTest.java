package io.albis.hdfs;

import io.albis.storage.Storage;
import io.albis.testing.StorageContract;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/** The storage contract through Hadoop's local file system (file://), the non-HDFS read path. */
class HadoopLocalStorageContractTest extends StorageContract {
    @TempDir
    Path dir;

    private HadoopStorage storage;

    @Override
    public Storage storage() throws IOException {
        if (storage == null) {
            storage = HadoopStorage.open(URI.create("file:///"), HadoopStorageProvider.configuration());
        }
        return storage;
    }

    @Override
    public String freshRoot() {
        return dir.resolve("root").toUri().toString();
    }

    @AfterEach
    void closeStorage() throws IOException {
        if (storage != null) {
            storage.close();
        }
    }
}
