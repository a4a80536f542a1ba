package io.albis.storage;

import io.albis.testing.StorageContract;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The storage contract on the local file system. */
class LocalStorageContractTest extends StorageContract {
    @TempDir
    Path dir;

    @Override
    public Storage storage() {
        return LocalStorage.INSTANCE;
    }

    @Override
    public String freshRoot() {
        return dir.resolve("root").toString();
    }
}
