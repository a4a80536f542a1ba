package io.albis.table;

import io.albis.error.CorruptFileException;
import io.albis.error.NotAnAlbisTableException;
import io.albis.layout.FileHeader;
import io.albis.layout.TableLayout;
import io.albis.schema.Schema;
import io.albis.schema.SchemaCodec;
import io.albis.storage.ReadableFile;
import io.albis.storage.Storage;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.NoSuchFileException;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.List;

/**
 * Reads and publishes a table's versioned schema files. A new version is written under a
 * temporary name and renamed to {@code _schema.NNNNNNNN}; a rename never replaces an existing
 * file, so two concurrent changes cannot both publish the same version, and a reader sees either
 * the old schema or the new one, never a mix.
 */
public final class SchemaStore {
    /** Schema files larger than this are refused before anything is allocated for them. */
    public static final int MAX_SCHEMA_BYTES = 64 << 20;

    private SchemaStore() {}

    /** The highest schema version present, or -1 if the directory holds none. */
    public static int currentVersion(Storage storage, String table) throws IOException {
        if (!storage.isDirectory(table)) {
            return -1;
        }
        return latestVersion(storage.list(table));
    }

    /** The highest schema version among a table directory's names, or -1 if there is none. */
    public static int latestVersion(List<String> names) {
        int best = -1;
        for (String name : names) {
            best = Math.max(best, TableLayout.schemaVersion(name));
        }
        return best;
    }

    public static Schema read(Storage storage, String table) throws IOException {
        if (!storage.exists(table)) {
            throw new NotAnAlbisTableException(table, -1, "no such table directory");
        }
        int version = currentVersion(storage, table);
        if (version < 0) {
            throw new NotAnAlbisTableException(table, -1, "not an Albis table: no " + TableLayout.SCHEMA_PREFIX
                    + "NNNNNNNN schema file in the directory");
        }
        return read(storage, table, version);
    }

    /** Publishes {@code schema} as its version; fails if that version exists already. */
    public static void publish(Storage storage, String table, Schema schema) throws IOException {
        if (!SmallFiles.publish(storage, table, TableLayout.schemaName(schema.version()), SchemaCodec.encode(schema))) {
            throw new ConcurrentModificationException("schema version " + schema.version() + " of " + table
                    + " was published by someone else first");
        }
    }

    /**
     * True when a table without a state holds schema {@code version} of format 2.0 or later: the
     * schema of a table whose creating job has not committed (format 1.0 tables have no states).
     */
    static boolean isUncommittedCreation(Storage storage, String table, int version) throws IOException {
        String path = storage.resolve(table, TableLayout.schemaName(version));
        try (ReadableFile f = storage.open(path)) {
            if (f.length() < FileHeader.LENGTH) {
                return false; // damaged: reading the schema reports it
            }
            ByteBuffer header = ByteBuffer.allocate(FileHeader.LENGTH);
            f.readFully(0, header);
            return isCreationSchema(header.array());
        }
    }

    /**
     * Reads schema {@code version} of a table without a state: a format 1.0 table. The schema of a
     * 2.0 table whose creation has not committed is refused: that is not a table yet.
     */
    static Schema readWithoutState(Storage storage, String table, int version) throws IOException {
        String path = storage.resolve(table, TableLayout.schemaName(version));
        byte[] bytes = bytes(storage, path, version);
        if (isCreationSchema(bytes)) {
            throw new NotAnAlbisTableException(table, -1, "not an Albis table yet: its creation has not committed (a"
                    + " writer is creating it, or died doing so: 'albis repair --retention 0' removes what it left)");
        }
        return decode(bytes, path, version);
    }

    /** An Albis file of major version 2 or later, judged by its first bytes. */
    private static boolean isCreationSchema(byte[] b) {
        return b.length >= FileHeader.LENGTH && Arrays.equals(b, 0, FileHeader.MAGIC.length, FileHeader.MAGIC, 0,
                FileHeader.MAGIC.length) && (b[5] & 0xff) >= 2;
    }

    /** Reads schema version {@code version} of the table. */
    public static Schema read(Storage storage, String table, int version) throws IOException {
        String path = storage.resolve(table, TableLayout.schemaName(version));
        return decode(bytes(storage, path, version), path, version);
    }

    private static byte[] bytes(Storage storage, String path, int version) throws IOException {
        try {
            return SmallFiles.bytes(storage, path, MAX_SCHEMA_BYTES);
        } catch (NoSuchFileException | FileNotFoundException e) {
            throw new CorruptFileException(path, -1, "schema version " + version + " is missing");
        }
    }

    private static Schema decode(byte[] bytes, String path, int version) throws IOException {
        Schema schema = SchemaCodec.decode(bytes, path);
        if (schema.version() != version) {
            throw new CorruptFileException(path, FileHeader.LENGTH, "file name says schema version " + version + " but it holds version "
                    + schema.version());
        }
        return schema;
    }
}
