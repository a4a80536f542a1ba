package io.albis.convert;

import io.albis.error.InvalidOptionException;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.storage.Storage;
import io.albis.table.AlbisTable;
import io.albis.write.AlbisWriter;
import java.io.IOException;
import java.util.List;

/**
 * The Albis table a conversion writes, and the one place where a conversion opens its writer:
 * {@link #write} creates the writer, lets the conversion fill it and commits it with
 * {@link AlbisWriter#close()}: the table appears with all its rows in one step. When anything
 * fails the writer is aborted, which leaves nothing: no table, and no directory if the
 * conversion made it.
 */
public final class OutputTable {
    /** Fills the writer with the converted rows; {@link #write} commits or discards. */
    public interface Body {
        void write(AlbisWriter writer) throws IOException;
    }

    private OutputTable() {
    }

    /**
     * The schema of the fields of {@code source} laid out in column groups as the options say. A
     * source whose columns cannot make a table (two named alike, as a damaged or hand-made file may
     * have) is refused naming the file, before the options are applied, so a refusal of the options
     * is always about the options.
     */
    public static Schema schema(List<Field> fields, ConvertOptions options, String source) throws ConvertInputException {
        try {
            Schema.builder().fields(fields).build();
        } catch (InvalidOptionException e) {
            throw new ConvertInputException(source, "its columns cannot make an Albis table: " + e.getMessage(), e);
        }
        Schema.Builder b = Schema.builder().fields(fields);
        if (options.columnPerGroup()) {
            b.columnPerGroup();
        } else if (options.columnGroups() != null) {
            b.groups(options.columnGroups());
        }
        return b.build();
    }

    /**
     * Creates the table at {@code path} (or, with {@link ConvertOptions#append()}, opens the table
     * there to add rows under its own column groups, once the source's columns are checked against
     * it), runs {@code body} on its writer and commits it.
     *
     * @return the schema of the table written
     */
    public static Schema write(Storage storage, String path, Schema schema, ConvertOptions options, Body body)
            throws IOException {
        AlbisWriter writer;
        if (options.append()) {
            Schema current = AlbisTable.open(storage, path).schema();
            AppendColumns.check(path, current, schema);
            writer = AlbisWriter.append(storage, path, current, options.writer());
        } else {
            writer = AlbisWriter.create(storage, path, schema, options.writer());
        }
        try {
            body.write(writer);
            writer.close();
            return writer.schema();
        } catch (IOException | RuntimeException | Error e) {
            writer.abort();
            throw e;
        }
    }
}
