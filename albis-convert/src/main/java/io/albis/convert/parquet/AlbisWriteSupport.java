package io.albis.convert.parquet;

import io.albis.convert.ValueSource;
import io.albis.read.AlbisReader;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/**
 * Writes the current row of an {@link AlbisReader} into Parquet's record consumer, value by
 * value from the reader's typed getters ({@link ParquetValueWriters}); strings and binaries go
 * through one reused buffer. Flattened structs are rebuilt as groups from their columns.
 */
final class AlbisWriteSupport extends WriteSupport<AlbisReader> {
    private final MessageType schema;
    private final Map<String, String> metadata;
    private final GroupWriter root;
    private RecordConsumer out;
    /** The values of the reader last written, by the reader's column index. */
    private ValueSource source;
    private AlbisReader sourceReader;

    /**
     * @param fields   the Albis fields to write
     * @param columnOf the reader's column index for each column path (leaves and struct markers)
     */
    AlbisWriteSupport(List<Field> fields, Map<List<String>, Integer> columnOf, Map<String, String> metadata) {
        this.schema = ParquetSchemas.toParquet(fields);
        this.metadata = metadata;
        this.root = new GroupWriter(null, -1, -1, children(fields, List.of(), columnOf));
    }

    MessageType schema() {
        return schema;
    }

    @Override
    public String getName() {
        return "albis";
    }

    /** Deprecated but still abstract in parquet-java, so it must be implemented. */
    @Override
    @SuppressWarnings("deprecation")
    public WriteContext init(Configuration configuration) {
        return new WriteContext(schema, metadata);
    }

    @Override
    public WriteContext init(ParquetConfiguration configuration) {
        return new WriteContext(schema, metadata);
    }

    @Override
    public void prepareForWrite(RecordConsumer recordConsumer) {
        this.out = recordConsumer;
    }

    @Override
    public void write(AlbisReader row) {
        if (source == null || sourceReader != row) {
            source = ValueSource.of(row);
            sourceReader = row;
        }
        out.startMessage();
        root.writeChildren(source);
        out.endMessage();
    }

    private List<FieldWriter> children(List<Field> fields, List<String> parent, Map<List<String>, Integer> columnOf) {
        List<FieldWriter> ws = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            List<String> path = new ArrayList<>(parent);
            path.add(f.name());
            if (f.type().isStruct()) {
                int marker = f.nullable() ? column(columnOf, path) : -1;
                ws.add(new GroupWriter(f.name(), i, marker, children(f.type().fields(), path, columnOf)));
            } else {
                ws.add(new ColumnWriter(f.name(), i, column(columnOf, path), f.type()));
            }
        }
        return ws;
    }

    private static int column(Map<List<String>, Integer> columnOf, List<String> path) {
        Integer c = columnOf.get(path);
        if (c == null) {
            throw new IllegalStateException("the reader has no column " + String.join(".", path));
        }
        return c;
    }

    private abstract static class FieldWriter {
        final String name;
        final int index;

        FieldWriter(String name, int index) {
            this.name = name;
            this.index = index;
        }

        abstract void write(ValueSource row);
    }

    /** A struct (or the message): skipped entirely when its marker says null. */
    private final class GroupWriter extends FieldWriter {
        private final int marker;
        private final FieldWriter[] children;

        GroupWriter(String name, int index, int marker, List<FieldWriter> children) {
            super(name, index);
            this.marker = marker;
            this.children = children.toArray(new FieldWriter[0]);
        }

        @Override
        void write(ValueSource row) {
            if (marker >= 0 && row.isNull(marker)) {
                return;
            }
            out.startField(name, index);
            out.startGroup();
            writeChildren(row);
            out.endGroup();
            out.endField(name, index);
        }

        void writeChildren(ValueSource row) {
            for (FieldWriter c : children) {
                c.write(row);
            }
        }
    }

    /** A column that is not a struct marker: a primitive, list or map. */
    private final class ColumnWriter extends FieldWriter {
        private final int col;
        private final ParquetValueWriters.ValueWriter values;

        ColumnWriter(String name, int index, int col, DataType t) {
            super(name, index);
            this.col = col;
            this.values = ParquetValueWriters.of(t, name);
        }

        @Override
        void write(ValueSource row) {
            ParquetValueWriters.field(out, name, index, values, row, col);
        }
    }
}
