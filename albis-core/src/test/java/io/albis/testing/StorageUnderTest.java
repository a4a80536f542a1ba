package io.albis.testing;

import io.albis.storage.Storage;
import java.io.IOException;

/**
 * What every contract ({@link StorageContract}, {@link TableOnStorageContract},
 * {@link JobCommitContract}, {@link EvolutionContract}) asks of a backend's test: the storage, and
 * a fresh directory for each test. A backend whose tests share one setup says it once, in an
 * interface extending this one with default methods, which each of its contract tests implements.
 */
public interface StorageUnderTest {
    /** The storage under test. */
    Storage storage() throws IOException;

    /** A path to a directory that does not exist yet and is unique to the running test. */
    String freshRoot() throws IOException;
}
