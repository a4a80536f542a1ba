package io.albis.bench.format.parquet;

import io.albis.bench.format.peer.NestedTables;
import io.albis.bench.format.peer.PartWriter;
import io.albis.convert.ParquetSchemas;
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
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * Writes one row group of a table with list and map columns ({@link NestedTables}) as a Parquet
 * file, through parquet-java's example {@code Group} writer with parquet-java's defaults (as
 * {@link ParquetParts} writes flat tables): lists as standard three-level {@code LIST} groups
 * ({@code list} / {@code element}), maps as {@code MAP} groups ({@code key_value} / {@code key},
 * {@code value}), values as {@link ParquetSchemas} maps them.
 */
final class NestedParquetWriter implements PartWriter {
    private final CompressionCodecName codec;

    NestedParquetWriter(CompressionCodecName codec) {
        this.codec = codec;
    }

    @Override
    public void write(AlbisTable source, int rowGroup, Path file) throws IOException {
        NestedTables.checkWritable(source, "parquet");
        List<Field> fields = source.schema().fields();
        MessageType schema = schema(fields);
        SimpleGroupFactory groups = new SimpleGroupFactory(schema);
        PartWriter.writeAtomically(file, temp -> {
            try (AlbisReader reader = source.newReader(ReadOptions.all().withRowGroups(rowGroup));
                 ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(temp)).withType(schema)
                         .withCompressionCodec(codec).withWriteMode(ParquetFileWriter.Mode.CREATE).build()) {
                while (reader.advance()) {
                    Group row = groups.newGroup();
                    for (int c = 0; c < fields.size(); c++) {
                        if (!reader.isNull(c)) {
                            set(row, c, fields.get(c).type(), reader);
                        }
                    }
                    writer.write(row);
                }
            }
        });
    }

    static MessageType schema(List<Field> fields) {
        List<Type> types = new ArrayList<>();
        for (Field f : fields) {
            types.add(type(f.name(), f.nullable(), f.type()));
        }
        return new MessageType("albis", types);
    }

    private static Type type(String name, boolean nullable, DataType t) {
        Type.Repetition repetition = nullable ? Type.Repetition.OPTIONAL : Type.Repetition.REQUIRED;
        return switch (t.id()) {
            case LIST -> Types.buildGroup(repetition).as(LogicalTypeAnnotation.listType())
                    .addField(new GroupType(Type.Repetition.REPEATED, "list",
                            type("element", t.elementField().nullable(), t.elementField().type())))
                    .named(name);
            case MAP -> Types.buildGroup(repetition).as(LogicalTypeAnnotation.mapType())
                    .addField(new GroupType(Type.Repetition.REPEATED, "key_value", type("key", false, t.keyField().type()),
                            type("value", t.valueField().nullable(), t.valueField().type())))
                    .named(name);
            default -> ParquetSchemas.toParquet(List.of(new Field(name, t, nullable))).getType(0);
        };
    }

    /** Field {@code c} of {@code row} from the reader's column {@code c}, which is not null. */
    private static void set(Group row, int c, DataType t, AlbisReader reader) {
        switch (t.id()) {
            case INT -> row.add(c, reader.getInt(c));
            case LONG -> row.add(c, reader.getLong(c));
            case STRING -> row.add(c, Binary.fromConstantByteArray(reader.getBinary(c)));
            case LIST -> {
                Group list = row.addGroup(c);
                ArrayValue a = reader.getList(c);
                for (int i = 0; i < a.count(); i++) {
                    Group element = list.addGroup(0);
                    if (!a.isNull(i)) {
                        set(element, 0, a, i);
                    }
                }
            }
            case MAP -> {
                Group map = row.addGroup(c);
                MapValue m = reader.getMap(c);
                for (int i = 0; i < m.count(); i++) {
                    Group entry = map.addGroup(0);
                    set(entry, 0, m.keys(), i);
                    if (!m.values().isNull(i)) {
                        set(entry, 1, m.values(), i);
                    }
                }
            }
            default -> throw new IllegalStateException(t + " is not written by this writer");
        }
    }

    /** Field {@code f} of {@code g} from element {@code i} of {@code s}, which is not null. */
    private static void set(Group g, int f, NestedSlots s, int i) {
        switch (s.typeAt(i).id()) {
            case INT -> g.add(f, s.getInt(i));
            case LONG -> g.add(f, s.getLong(i));
            case STRING -> g.add(f, Binary.fromConstantByteArray(s.getBytes(i)));
            default -> throw new IllegalStateException(s.typeAt(i) + " is not written by this writer");
        }
    }
}
