package io.albis.testing;

import io.albis.storage.Storage;
import io.albis.storage.WritableFile;
import java.io.IOException;

/**
 * Runs an action once, just before the first file create or rename whose target's name starts
 * with a given prefix: another writer's whole operation slotted in at one exact step of this
 * one's, a race made deterministic.
 */
public final class InterleavingStorage extends ForwardingStorage {
    @FunctionalInterface
    public interface Action {
        void run() throws IOException;
    }

    private final String prefix;
    private final Action action;
    private boolean fired;

    public InterleavingStorage(Storage delegate, String prefix, Action action) {
        super(delegate);
        this.prefix = prefix;
        this.action = action;
    }

    /** True once the action has run. */
    public boolean fired() {
        return fired;
    }

    @Override
    public WritableFile create(String path) throws IOException {
        before(path);
        return super.create(path);
    }

    @Override
    public void rename(String from, String to) throws IOException {
        before(to);
        super.rename(from, to);
    }

    private void before(String target) throws IOException {
        String name = target.substring(target.lastIndexOf('/') + 1);
        if (!fired && name.startsWith(prefix)) {
            fired = true;
            action.run();
        }
    }
}
