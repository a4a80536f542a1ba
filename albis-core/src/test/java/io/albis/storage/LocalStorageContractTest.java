package io.albis.storage;

import io.albis.testing.StorageContract;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The storage contract on the local file system. */
class LocalStorageContractTest extends StorageContract {
    @TempDir
    Path dir;

    @Override
    protected Storage storage() {
        return LocalStorage.INSTANCE;
    }

    @Override
    protected String freshRoot() {
        return dir.resolve("root").toString();
    }
}
