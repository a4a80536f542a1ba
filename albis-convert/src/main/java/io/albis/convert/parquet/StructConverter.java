package io.albis.convert.parquet;

import io.albis.convert.WriterTarget;
import io.albis.convert.parquet.ParquetNestedConverters.ListAssembly;
import io.albis.convert.parquet.ParquetSchemaMapping.Leaf;
import io.albis.convert.parquet.ParquetSchemaMapping.Nested;
import io.albis.convert.parquet.ParquetSchemaMapping.Node;
import io.albis.convert.parquet.ParquetSchemaMapping.Struct;
import io.albis.schema.TypeId;
import io.albis.write.AlbisWriter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;

/**
 * Converter of a Parquet group (or the whole record). Parquet calls {@link #start()} only for
 * groups that are present, so a child group that saw no start by the time its parent ends was
 * null: its marker and everything under it are then set null. A list or map column is assembled
 * by {@link ParquetNestedConverters}; a repeated field's list, between this group's start and end.
 */
final class StructConverter extends GroupConverter {
    private static final byte[] EMPTY = new byte[0];

    private final AlbisWriter writer;
    private final Converter[] children;
    private final StructConverter[] childStructs;
    private final ListAssembly[] repeated;
    /** Every Albis column of this group's subtree, with whether it may be null and its type. */
    private final int[] subtree;
    private final boolean[] subtreeNullable;
    private final TypeId[] subtreeType;
    private boolean present;

    StructConverter(Struct node, AlbisWriter writer) {
        this.writer = writer;
        this.children = new Converter[node.children().size()];
        List<StructConverter> structs = new ArrayList<>();
        List<ListAssembly> lists = new ArrayList<>();
        WriterTarget target = new WriterTarget(writer);
        for (int i = 0; i < children.length; i++) {
            Node child = node.children().get(i);
            if (child instanceof Leaf leaf) {
                children[i] = LeafConverters.of(leaf.kind(), leaf.type(), leaf.name(), target, leaf.column());
            } else if (child instanceof Nested nested) {
                children[i] = ParquetNestedConverters.field(nested.shape(), target, nested.column(), lists);
            } else {
                StructConverter s = new StructConverter((Struct) child, writer);
                children[i] = s;
                structs.add(s);
            }
        }
        this.childStructs = structs.toArray(new StructConverter[0]);
        this.repeated = lists.toArray(new ListAssembly[0]);
        List<int[]> cols = new ArrayList<>();
        collect(node, cols);
        subtree = new int[cols.size()];
        subtreeNullable = new boolean[cols.size()];
        subtreeType = new TypeId[cols.size()];
        for (int i = 0; i < cols.size(); i++) {
            subtree[i] = cols.get(i)[0];
            subtreeNullable[i] = cols.get(i)[1] == 1;
            subtreeType[i] = writer.schema().column(subtree[i]).type().id();
        }
    }

    private static void collect(Node n, List<int[]> out) {
        if (n instanceof Leaf leaf) {
            out.add(new int[] {leaf.column(), leaf.nullable() ? 1 : 0});
        } else if (n instanceof Nested nested) {
            out.add(new int[] {nested.column(), nested.nullable() ? 1 : 0});
        } else if (n instanceof Struct s) {
            if (s.marker() >= 0) {
                out.add(new int[] {s.marker(), 1});
            }
            s.children().forEach(c -> collect(c, out));
        }
    }

    @Override
    public Converter getConverter(int fieldIndex) {
        return children[fieldIndex];
    }

    @Override
    public void start() {
        present = true;
        for (StructConverter s : childStructs) {
            s.present = false;
        }
        ListAssembly.beginAll(repeated);
    }

    @Override
    public void end() {
        ListAssembly.finishAll(repeated);
        for (StructConverter s : childStructs) {
            if (!s.present) {
                s.setNull();
            }
        }
    }

    /**
     * Makes this struct null. Nullable columns under it are set null too. Non-nullable leaves get
     * a zero placeholder: the writer demands a value for them even though readers ignore the
     * leaves of a null struct.
     */
    private void setNull() {
        try {
            for (int i = 0; i < subtree.length; i++) {
                int c = subtree[i];
                if (subtreeNullable[i]) {
                    writer.setNull(c);
                    continue;
                }
                switch (subtreeType[i]) {
                    case BOOLEAN -> writer.setBoolean(c, false);
                    case BYTE -> writer.setByte(c, (byte) 0);
                    case SHORT -> writer.setShort(c, (short) 0);
                    case INT -> writer.setInt(c, 0);
                    case LONG -> writer.setLong(c, 0L);
                    case FLOAT -> writer.setFloat(c, 0f);
                    case DOUBLE -> writer.setDouble(c, 0d);
                    case DATE -> writer.setDate(c, 0);
                    case TIMESTAMP, TIMESTAMP_NTZ -> writer.setTimestampMicros(c, 0L);
                    case DECIMAL -> writer.setDecimalUnscaled(c, 0L);
                    case STRING -> writer.setUtf8(c, EMPTY, 0, 0);
                    case BINARY -> writer.setBinary(c, EMPTY, 0, 0);
                    case LIST -> writer.setList(c, List.of());
                    case MAP -> writer.setMap(c, java.util.Map.of());
                    case STRUCT -> throw new IllegalStateException("struct marker " + c + " is not nullable");
                }
            }
        } catch (IOException e) {
            throw new WriterFailure(e);
        }
    }
}
