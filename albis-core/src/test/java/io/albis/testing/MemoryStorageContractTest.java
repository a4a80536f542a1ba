package io.albis.testing;

import io.albis.storage.Storage;

/** The storage contract on {@link MemoryStorage}, which the property and fuzz tests stand on for the local storage. */
class MemoryStorageContractTest extends StorageContract {
    private final MemoryStorage storage = new MemoryStorage();
    private int roots;

    @Override
    public Storage storage() {
        return storage;
    }

    @Override
    public String freshRoot() {
        return "root-" + ++roots;
    }
}
