package io.albis.convert;

import io.albis.read.AlbisReader;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.TypeId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/**
 * Writes the current row of an {@link AlbisReader} into Parquet's record consumer, value by
 * value from the reader's typed getters; strings and binaries go through one reused buffer.
 */
final class AlbisWriteSupport extends WriteSupport<AlbisReader> {
    private final MessageType schema;
    private final Map<String, String> metadata;
    private final GroupWriter root;
    private RecordConsumer out;
    private byte[] scratch = new byte[256];

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
        out.startMessage();
        root.writeChildren(row);
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
                ws.add(new LeafWriter(f.name(), i, column(columnOf, path), f.type()));
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

    /** Builds the path-to-column map of a reader that reads every live column. */
    static Map<List<String>, Integer> columnsOf(AlbisReader reader) {
        Map<List<String>, Integer> m = new HashMap<>();
        for (int i = 0; i < reader.columnCount(); i++) {
            m.put(reader.column(i).path(), i);
        }
        return m;
    }

    private abstract static class FieldWriter {
        final String name;
        final int index;

        FieldWriter(String name, int index) {
            this.name = name;
            this.index = index;
        }

        abstract void write(AlbisReader r);
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
        void write(AlbisReader r) {
            if (marker >= 0 && r.isNull(marker)) {
                return;
            }
            out.startField(name, index);
            out.startGroup();
            writeChildren(r);
            out.endGroup();
            out.endField(name, index);
        }

        void writeChildren(AlbisReader r) {
            for (FieldWriter c : children) {
                c.write(r);
            }
        }
    }

    private final class LeafWriter extends FieldWriter {
        private final int col;
        private final TypeId type;
        private final int precision;
        private final byte[] wide;
        private final int wideLength;

        LeafWriter(String name, int index, int col, DataType t) {
            super(name, index);
            this.col = col;
            this.type = t.id();
            this.precision = t.precision();
            this.wideLength = t.isWideDecimal() ? ParquetSchemas.decimalBytes(precision) : 0;
            this.wide = new byte[16];
        }

        @Override
        void write(AlbisReader r) {
            if (r.isNull(col)) {
                return;
            }
            out.startField(name, index);
            switch (type) {
                case BOOLEAN -> out.addBoolean(r.getBoolean(col));
                case BYTE -> out.addInteger(r.getByte(col));
                case SHORT -> out.addInteger(r.getShort(col));
                case INT -> out.addInteger(r.getInt(col));
                case DATE -> out.addInteger(r.getDate(col));
                case LONG -> out.addLong(r.getLong(col));
                case TIMESTAMP, TIMESTAMP_NTZ -> out.addLong(r.getTimestampMicros(col));
                case FLOAT -> out.addFloat(r.getFloat(col));
                case DOUBLE -> out.addDouble(r.getDouble(col));
                case DECIMAL -> writeDecimal(r);
                case STRING, BINARY -> {
                    int n = r.getBytesLength(col);
                    if (scratch.length < n) {
                        scratch = new byte[Math.max(n, scratch.length * 2)];
                    }
                    r.copyBytes(col, scratch, 0);
                    out.addBinary(Binary.fromReusedByteArray(scratch, 0, n));
                }
                case STRUCT -> throw new IllegalStateException("a struct marker is not a leaf");
            }
            out.endField(name, index);
        }

        private void writeDecimal(AlbisReader r) {
            if (precision <= 9) {
                long v = r.getDecimalUnscaled(col);
                if (v != (int) v) {
                    throw new IllegalStateException("decimal in column " + name + " has more than " + precision + " digits");
                }
                out.addInteger((int) v);
            } else if (precision <= DataType.MAX_LONG_DECIMAL_PRECISION) {
                out.addLong(r.getDecimalUnscaled(col));
            } else {
                long hi = r.wideHigh(col);
                long lo = r.wideLow(col);
                for (int i = 0; i < 8; i++) {
                    wide[i] = (byte) (hi >>> (56 - 8 * i));
                    wide[8 + i] = (byte) (lo >>> (56 - 8 * i));
                }
                int skip = 16 - wideLength;
                // The bytes left out must only repeat the sign, else the value is wider than its precision.
                byte sign = (byte) (hi < 0 ? -1 : 0);
                for (int i = 0; i < skip; i++) {
                    if (wide[i] != sign) {
                        throw new IllegalStateException("decimal in column " + name + " has more than " + precision + " digits");
                    }
                }
                if ((wide[skip] < 0) != (hi < 0)) {
                    throw new IllegalStateException("decimal in column " + name + " has more than " + precision + " digits");
                }
                out.addBinary(Binary.fromReusedByteArray(wide, skip, wideLength));
            }
        }
    }
}
