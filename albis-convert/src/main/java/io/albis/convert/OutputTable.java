package io.albis.convert;

import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.storage.Storage;
import io.albis.write.AlbisWriter;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The Albis table a conversion writes. {@link AlbisWriter#create} publishes the schema at once,
 * so a failed conversion must remove what it created: the whole directory if it did not exist
 * before, else only the entries that were not there.
 */
final class OutputTable {
    private final Storage storage;
    private final String path;
    private final boolean existed;
    private final Set<String> before = new HashSet<>();
    private AlbisWriter writer;

    private OutputTable(Storage storage, String path) throws IOException {
        this.storage = storage;
        this.path = path;
        this.existed = storage.exists(path);
        if (existed) {
            before.addAll(storage.list(path));
        }
    }

    /** The schema of the fields laid out in column groups as the options say. */
    static Schema schema(List<Field> fields, ConvertOptions options) {
        Schema.Builder b = Schema.builder().fields(fields);
        if (options.columnPerGroup()) {
            b.columnPerGroup();
        } else if (options.columnGroups() != null) {
            b.groups(options.columnGroups());
        }
        return b.build();
    }

    /** Creates the table; on failure nothing created is left behind. */
    static OutputTable create(Storage storage, String path, Schema schema, ConvertOptions options) throws IOException {
        OutputTable t = new OutputTable(storage, path);
        try {
            t.writer = AlbisWriter.create(storage, path, schema, options.writer());
        } catch (IOException | RuntimeException e) {
            t.discard(e);
            throw e;
        }
        return t;
    }

    AlbisWriter writer() {
        return writer;
    }

    /** Publishes the last row group. */
    void close() throws IOException {
        writer.close();
    }

    /** Aborts the writer and removes what this conversion created; problems are added to {@code cause}. */
    void discard(Throwable cause) {
        if (writer != null) {
            writer.abort();
        }
        try {
            if (!existed) {
                storage.delete(path);
            } else if (storage.exists(path)) {
                for (String name : storage.list(path)) {
                    if (!before.contains(name)) {
                        storage.delete(storage.resolve(path, name));
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            cause.addSuppressed(e);
        }
    }
}
