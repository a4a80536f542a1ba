package io.albis.convert.orc;

import io.albis.convert.BoxedValues;
import io.albis.convert.RejectedValueException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ListColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MapColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MultiValuedColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.UnionColumnVector;
import org.apache.orc.TypeDescription;

/**
 * Reads the value of an ORC list or map column (lists, maps and structs nested in any
 * combination) out of a batch's vectors as the Java objects {@code AlbisWriter.setValue} takes:
 * a {@link List}, a {@link Map} in ORC's entry order (a key that comes again keeps its first place
 * and its last value), a struct as a map from field name to value, a union as the map of the struct
 * {@link OrcSchemas} maps it to (the top-level {@code UnionSlot} of {@link OrcRowCopier} fills the
 * same struct). Leaf values go through the same
 * {@link OrcRowCopier.LeafSlot} as flat columns, into {@link BoxedValues}. Elements sit in the
 * child vectors at {@code offsets[row] .. offsets[row] + lengths[row]}; every vector may be
 * repeating or hold nulls. A null map key is refused.
 */
final class OrcNestedReader {
    private final Reader root;

    /**
     * @param name the column's path, for messages
     * @param t    its ORC type, a list or map
     * @param v    its vector in the batch
     */
    OrcNestedReader(String name, TypeDescription t, ColumnVector v) {
        this.root = reader(name, t, v);
    }

    static boolean isListOrMap(TypeDescription t) {
        return t.getCategory() == TypeDescription.Category.LIST || t.getCategory() == TypeDescription.Category.MAP;
    }

    /** The value in row {@code row} of the batch; null when it is null. */
    Object read(int row) throws IOException {
        return root.read(row);
    }

    private static Reader reader(String name, TypeDescription t, ColumnVector v) {
        List<TypeDescription> children = t.getChildren();
        return switch (t.getCategory()) {
            case LIST -> new ListReader((ListColumnVector) v, reader(name + ".element", children.get(0),
                    ((ListColumnVector) v).child));
            case MAP -> {
                MapColumnVector m = (MapColumnVector) v;
                yield new MapReader(name + ".key", m, reader(name + ".key", children.get(0), m.keys),
                        reader(name + ".value", children.get(1), m.values));
            }
            case STRUCT -> {
                StructColumnVector s = (StructColumnVector) v;
                Reader[] fields = new Reader[children.size()];
                for (int i = 0; i < fields.length; i++) {
                    fields[i] = reader(name + "." + t.getFieldNames().get(i), children.get(i), s.fields[i]);
                }
                yield new StructReader(s, t.getFieldNames(), fields);
            }
            case UNION -> {
                UnionColumnVector u = (UnionColumnVector) v;
                Reader[] alternatives = new Reader[children.size()];
                for (int i = 0; i < alternatives.length; i++) {
                    alternatives[i] = reader(name + "." + OrcSchemas.unionField(i), children.get(i), u.fields[i]);
                }
                yield new UnionReader(name, u, alternatives);
            }
            default -> new LeafReader(name, t, v);
        };
    }

    /** Reads the value at a position of its vector. */
    private abstract static class Reader {
        abstract Object read(int position) throws IOException;
    }

    private static final class LeafReader extends Reader {
        private final BoxedValues.Slots box;
        private final OrcRowCopier.LeafSlot slot;

        LeafReader(String name, TypeDescription t, ColumnVector v) {
            this.box = new BoxedValues.Slots(name, List.of(OrcSchemas.albisType(t, name)));
            this.slot = new OrcRowCopier.LeafSlot(name, 0, t, box, v);
        }

        @Override
        Object read(int position) throws IOException {
            slot.copy(position);
            return box.get(0);
        }
    }

    /** A list or map: its children are at {@code offsets[i] .. offsets[i] + lengths[i]} of the child vectors. */
    private abstract static class ChildrenReader extends Reader {
        private final MultiValuedColumnVector vector;

        ChildrenReader(MultiValuedColumnVector vector) {
            this.vector = vector;
        }

        @Override
        final Object read(int position) throws IOException {
            int i = OrcRowCopier.index(vector, position);
            if (OrcRowCopier.isNull(vector, i)) {
                return null;
            }
            return read((int) vector.offsets[i], (int) vector.lengths[i]);
        }

        /** The value of the {@code n} children from {@code from}. */
        abstract Object read(int from, int n) throws IOException;
    }

    private static final class ListReader extends ChildrenReader {
        private final Reader element;

        ListReader(ListColumnVector vector, Reader element) {
            super(vector);
            this.element = element;
        }

        @Override
        Object read(int from, int n) throws IOException {
            List<Object> out = new ArrayList<>(n);
            for (int k = 0; k < n; k++) {
                out.add(element.read(from + k));
            }
            return out;
        }
    }

    private static final class MapReader extends ChildrenReader {
        private final String keyName;
        private final Reader key;
        private final Reader value;

        MapReader(String keyName, MapColumnVector vector, Reader key, Reader value) {
            super(vector);
            this.keyName = keyName;
            this.key = key;
            this.value = value;
        }

        @Override
        Object read(int from, int n) throws IOException {
            Map<Object, Object> out = new LinkedHashMap<>();
            for (int k = 0; k < n; k++) {
                Object kv = key.read(from + k);
                if (kv == null) {
                    throw new RejectedValueException(keyName, "a map key is null; Albis map keys are never null");
                }
                out.put(kv, value.read(from + k));
            }
            return out;
        }
    }

    private static final class StructReader extends Reader {
        private final StructColumnVector vector;
        private final List<String> names;
        private final Reader[] fields;

        StructReader(StructColumnVector vector, List<String> names, Reader[] fields) {
            this.vector = vector;
            this.names = names;
            this.fields = fields;
        }

        @Override
        Object read(int position) throws IOException {
            if (OrcRowCopier.isNull(vector, OrcRowCopier.index(vector, position))) {
                return null;
            }
            Map<String, Object> out = new LinkedHashMap<>();
            for (int f = 0; f < fields.length; f++) {
                out.put(names.get(f), fields[f].read(position));
            }
            return out;
        }
    }

    /** A union: its tag, the chosen alternative's value under that alternative's field, null under the others. */
    private static final class UnionReader extends Reader {
        private final String name;
        private final UnionColumnVector vector;
        private final Reader[] alternatives;
        private final String[] fieldNames;

        UnionReader(String name, UnionColumnVector vector, Reader[] alternatives) {
            this.name = name;
            this.vector = vector;
            this.alternatives = alternatives;
            this.fieldNames = new String[alternatives.length];
            for (int i = 0; i < fieldNames.length; i++) {
                fieldNames[i] = OrcSchemas.unionField(i);
            }
        }

        @Override
        Object read(int position) throws IOException {
            int chosen = OrcRowCopier.alternative(name, vector, position);
            if (chosen < 0) {
                return null;
            }
            Map<String, Object> out = new LinkedHashMap<>();
            out.put(OrcSchemas.UNION_TAG, (byte) chosen);
            for (int k = 0; k < alternatives.length; k++) {
                out.put(fieldNames[k], k == chosen ? alternatives[k].read(position) : null);
            }
            return out;
        }
    }
}
