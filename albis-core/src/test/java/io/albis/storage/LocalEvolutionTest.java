package io.albis.storage;

import io.albis.testing.EvolutionContract;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.io.TempDir;

/** Table evolution under failures, races and concurrent readers on the local file system. */
class LocalEvolutionTest extends EvolutionContract {
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
