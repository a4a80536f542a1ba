package io.albis.storage;

import io.albis.testing.TableOnStorageContract;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.io.TempDir;

/** A whole table on the local file system. */
class LocalTableOnStorageTest extends TableOnStorageContract {
    @TempDir
    Path dir;

    private final AtomicInteger next = new AtomicInteger();

    @Override
    public Storage storage() {
        return LocalStorage.INSTANCE;
    }

    @Override
    public String freshRoot() {
        return dir.resolve("t" + next.incrementAndGet()).toString();
    }
}
