package io.albis.storage;

import io.albis.testing.EvolutionContract;
import io.albis.testing.JobCommitContract;
import io.albis.testing.StorageUnderTest;
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

    /** The local storage, and a fresh directory per table. */
    interface OnLocalStorage extends StorageUnderTest {
        @Override
        default Storage storage() {
            return LocalStorage.INSTANCE;
        }

        @Override
        default String freshRoot() {
            return dir.resolve("t" + next.incrementAndGet()).toString();
        }
    }

    /** A whole table on the local file system. */
    @Nested
    class TableOnStorage extends TableOnStorageContract implements OnLocalStorage {}

    /** Job commits on the local file system. */
    @Nested
    class JobCommits extends JobCommitContract implements OnLocalStorage {}

    /** Table evolution under failures, races and concurrent readers on the local file system. */
    @Nested
    class Evolution extends EvolutionContract implements OnLocalStorage {}
}
