package io.albis.bench.format.orc;

import io.albis.bench.format.peer.NestedTables;
import io.albis.bench.format.peer.PartWriter;
import io.albis.convert.OrcSchemas;
import io.albis.nested.ArrayValue;
import io.albis.nested.MapValue;
import io.albis.nested.NestedSlots;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ListColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MapColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;

/**
 * Writes one row group of a table with list and map columns ({@link NestedTables}) as an ORC file
 * with orc-core's writer and its defaults (as {@link OrcFormat} writes flat tables): lists as ORC
 * {@code array}s and maps as {@code map}s, filled into {@link ListColumnVector}s and
 * {@link MapColumnVector}s batch by batch, values as {@link OrcSchemas} maps them.
 */
final class NestedOrcWriter implements PartWriter {
    private final CompressionKind codec;

    NestedOrcWriter(CompressionKind codec) {
        this.codec = codec;
    }

    @Override
    public void write(AlbisTable source, int rowGroup, Path file) throws IOException {
        NestedTables.checkWritable(source, "orc");
        List<Field> fields = source.schema().fields();
        TypeDescription schema = TypeDescription.createStruct();
        for (Field f : fields) {
            schema.addField(f.name(), type(f.type()));
        }
        Configuration conf = new Configuration();
        PartWriter.writeAtomically(file, temp -> {
            // Hadoop's raw local file system: no .crc file beside the part.
            OrcFile.WriterOptions options = OrcFile.writerOptions(conf).fileSystem(FileSystem.getLocal(conf).getRawFileSystem())
                    .setSchema(schema).compress(codec).overwrite(false);
            try (AlbisReader reader = source.newReader(ReadOptions.all().withRowGroups(rowGroup));
                 Writer writer = OrcFile.createWriter(new org.apache.hadoop.fs.Path(temp.toUri()), options)) {
                VectorizedRowBatch batch = schema.createRowBatch();
                while (reader.advance()) {
                    int row = batch.size++;
                    for (int c = 0; c < fields.size(); c++) {
                        set(batch.cols[c], row, fields.get(c).type(), reader, c);
                    }
                    if (batch.size == batch.getMaxSize()) {
                        writer.addRowBatch(batch);
                        batch.reset();
                    }
                }
                if (batch.size > 0) {
                    writer.addRowBatch(batch);
                }
            }
        });
    }

    private static TypeDescription type(DataType t) {
        return switch (t.id()) {
            case LIST -> TypeDescription.createList(type(t.elementField().type()));
            case MAP -> TypeDescription.createMap(type(t.keyField().type()), type(t.valueField().type()));
            default -> OrcSchemas.toOrc(List.of(Field.of("value", t))).getChildren().get(0);
        };
    }

    /** Row {@code row} of {@code v} from the reader's column {@code c}. */
    private static void set(ColumnVector v, int row, DataType t, AlbisReader reader, int c) {
        if (reader.isNull(c)) {
            v.noNulls = false;
            v.isNull[row] = true;
            return;
        }
        switch (t.id()) {
            case INT -> ((LongColumnVector) v).vector[row] = reader.getInt(c);
            case LONG -> ((LongColumnVector) v).vector[row] = reader.getLong(c);
            case STRING -> ((BytesColumnVector) v).setVal(row, reader.getBinary(c));
            case LIST -> {
                ListColumnVector list = (ListColumnVector) v;
                ArrayValue a = reader.getList(c);
                int at = start(list, row, a.count());
                list.child.ensureSize(at + a.count(), true);
                for (int i = 0; i < a.count(); i++) {
                    set(list.child, at + i, a, i);
                }
            }
            case MAP -> {
                MapColumnVector map = (MapColumnVector) v;
                MapValue m = reader.getMap(c);
                int at = start(map, row, m.count());
                map.keys.ensureSize(at + m.count(), true);
                map.values.ensureSize(at + m.count(), true);
                for (int i = 0; i < m.count(); i++) {
                    set(map.keys, at + i, m.keys(), i);
                    set(map.values, at + i, m.values(), i);
                }
            }
            default -> throw new IllegalStateException(t + " is not written by this writer");
        }
    }

    /** Appends a list or map of {@code n} elements at {@code row}; returns where its elements go in the children. */
    private static int start(org.apache.hadoop.hive.ql.exec.vector.MultiValuedColumnVector v, int row, int n) {
        int at = v.childCount;
        v.offsets[row] = at;
        v.lengths[row] = n;
        v.childCount = at + n;
        return at;
    }

    /** Position {@code at} of {@code v} from element {@code i} of {@code s}. */
    private static void set(ColumnVector v, int at, NestedSlots s, int i) {
        if (s.isNull(i)) {
            v.noNulls = false;
            v.isNull[at] = true;
            return;
        }
        v.isNull[at] = false;
        switch (s.typeAt(i).id()) {
            case INT -> ((LongColumnVector) v).vector[at] = s.getInt(i);
            case LONG -> ((LongColumnVector) v).vector[at] = s.getLong(i);
            case STRING -> ((BytesColumnVector) v).setVal(at, s.getBytes(i));
            default -> throw new IllegalStateException(s.typeAt(i) + " is not written by this writer");
        }
    }
}
