package io.albis.cli;

import io.albis.error.InvalidOptionException;
import io.albis.storage.Storage;
import java.io.IOException;
import java.util.UUID;

/**
 * A table written by a command appears at its path only when complete: it is written under a
 * hidden sibling name and renamed into place at the end, and removed on failure or Ctrl-C.
 */
final class TableOutput implements AutoCloseable {
    private final Storage storage;
    private final String target;
    private final String temp;
    private final Thread cleanupOnExit;
    private boolean published;

    private TableOutput(Storage storage, String target, String temp) {
        this.storage = storage;
        this.target = target;
        this.temp = temp;
        this.cleanupOnExit = new Thread(this::deleteTemp, "albis-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanupOnExit);
    }

    /** Refuses an existing target, so nothing is ever overwritten. */
    static TableOutput create(Storage storage, String path) throws IOException {
        String target = stripTrailingSlashes(path);
        if (storage.exists(target)) {
            throw new InvalidOptionException(target + " already exists; delete it or choose another path");
        }
        int slash = target.lastIndexOf('/');
        String parent = slash < 0 ? "" : target.substring(0, slash + 1);
        String name = target.substring(slash + 1);
        String temp = parent + "." + name + ".incomplete-" + UUID.randomUUID().toString().substring(0, 8);
        if (!parent.isEmpty()) {
            storage.mkdirs(parent);
        }
        return new TableOutput(storage, target, temp);
    }

    /** Where to write the table until it is published. */
    String tempPath() {
        return temp;
    }

    String target() {
        return target;
    }

    void publish() throws IOException {
        storage.rename(temp, target);
        published = true;
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(cleanupOnExit);
        } catch (IllegalStateException shuttingDown) {
            return; // the hook is running or will run
        }
        deleteTemp();
    }

    private void deleteTemp() {
        if (!published) {
            try {
                storage.delete(temp);
            } catch (IOException e) {
                System.err.println("albis: could not remove the incomplete table " + temp + ": " + e.getMessage());
            }
        }
    }

    private static String stripTrailingSlashes(String path) {
        String p = path;
        while (p.length() > 1 && p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return p;
    }
}
