package io.albis.storage;

import io.albis.testing.EvolutionContract;
import io.albis.testing.JobCommitContract;
import io.albis.testing.TableOnStorageContract;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.io.TempDir;

/**
 * The table-level contracts on the local file system: one backend, so one place that says what
 * it is (the local storage, a fresh directory per table under this class's temporary folder).
 */
class LocalContractsTest {
    @TempDir
    static Path dir;

    private static final AtomicInteger next = new AtomicInteger();

    private static String freshTableRoot() {
        return dir.resolve("t" + next.incrementAndGet()).toString();
    }

    /** A whole table on the local file system. */
    @Nested
    class TableOnStorage extends TableOnStorageContract {
        @Override
        public Storage storage() {
            return LocalStorage.INSTANCE;
        }

        @Override
        public String freshRoot() {
            return freshTableRoot();
        }
    }

    /** Job commits on the local file system. */
    @Nested
    class JobCommits extends JobCommitContract {
        @Override
        public Storage storage() {
            return LocalStorage.INSTANCE;
        }

        @Override
        public String freshRoot() {
            return freshTableRoot();
        }
    }

    /** Table evolution under failures, races and concurrent readers on the local file system. */
    @Nested
    class Evolution extends EvolutionContract {
        @Override
        public Storage storage() {
            return LocalStorage.INSTANCE;
        }

        @Override
        public String freshRoot() {
            return freshTableRoot();
        }
    }
}
