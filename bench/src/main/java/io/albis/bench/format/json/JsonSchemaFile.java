package io.albis.bench.format.json;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.albis.bench.format.FlatColumn;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code schema.json} next to the JSON parts: the columns' names and Albis types, which JSON does not carry. */
final class JsonSchemaFile {
    static final String NAME = "schema.json";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** One column as stored in the file. */
    record Entry(String name, String type) {}

    private JsonSchemaFile() {}

    static void write(Path dir, List<FlatColumn> columns) throws IOException {
        List<Entry> entries = new ArrayList<>();
        for (FlatColumn c : columns) {
            entries.add(new Entry(c.name(), c.typeText()));
        }
        MAPPER.writerWithDefaultPrettyPrinter().writeValue(dir.resolve(NAME).toFile(), entries);
    }

    static List<FlatColumn> read(Path dir) throws IOException {
        Path file = dir.resolve(NAME);
        Entry[] entries;
        try {
            entries = MAPPER.readValue(file.toFile(), Entry[].class);
        } catch (IOException e) {
            throw new IOException("cannot read the column list " + file + ": " + e.getMessage(), e);
        }
        List<FlatColumn> columns = new ArrayList<>();
        for (Entry e : entries) {
            columns.add(new FlatColumn(e.name(), FlatColumn.parseType(e.type())));
        }
        return columns;
    }
}
