package io.albis.convert;

import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.storage.Storage;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The Albis table a conversion writes, and the one place where a conversion opens its writer:
 * {@link #write} creates the writer, lets the conversion fill it and commits it with
 * {@link AlbisWriter#close()}, or, when anything fails, leaves nothing visible.
 *
 * <p>Today {@link AlbisWriter#create} publishes the schema at once and each row group as it
 * fills, so a failed conversion aborts the writer and then removes what it created: the whole
 * directory if it did not exist before, else only the entries that were not there. Once the
 * writer publishes nothing before its commit, aborting alone does this.
 */
final class OutputTable {
    /** Fills the writer with the converted rows; {@link #write} commits or discards. */
    interface Body {
        void write(AlbisWriter writer) throws IOException;
    }

    private OutputTable() {
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

    /**
     * Creates the table at {@code path}, runs {@code body} on its writer and commits it.
     *
     * @return the schema of the table written
     */
    static Schema write(Storage storage, String path, Schema schema, WriterOptions options, Body body) throws IOException {
        Before before = Before.look(storage, path);
        AlbisWriter writer = null;
        try {
            writer = AlbisWriter.create(storage, path, schema, options);
            body.write(writer);
            writer.close();
            return writer.schema();
        } catch (IOException | RuntimeException | Error e) {
            if (writer != null) {
                writer.abort();
            }
            before.restore(e);
            throw e;
        }
    }

    /** What was at the table's path before the conversion, so that a failure can remove only what it added. */
    private record Before(Storage storage, String path, boolean existed, Set<String> entries) {
        static Before look(Storage storage, String path) throws IOException {
            boolean existed = storage.exists(path);
            return new Before(storage, path, existed, existed ? new HashSet<>(storage.list(path)) : Set.of());
        }

        /** Removes what the conversion added; problems are added to {@code cause}. */
        void restore(Throwable cause) {
            try {
                if (!existed) {
                    storage.delete(path);
                } else if (storage.exists(path)) {
                    for (String name : storage.list(path)) {
                        if (!entries.contains(name)) {
                            storage.delete(storage.resolve(path, name));
                        }
                    }
                }
            } catch (IOException | RuntimeException e) {
                cause.addSuppressed(e);
            }
        }
    }
}
