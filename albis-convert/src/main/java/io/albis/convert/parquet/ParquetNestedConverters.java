package io.albis.convert.parquet;

import io.albis.convert.BoxedValues;
import io.albis.convert.RejectedValueException;
import io.albis.convert.ValueTarget;
import io.albis.convert.parquet.ParquetNestedTypes.Layout;
import io.albis.convert.parquet.ParquetNestedTypes.LeafShape;
import io.albis.convert.parquet.ParquetNestedTypes.ListShape;
import io.albis.convert.parquet.ParquetNestedTypes.MapShape;
import io.albis.convert.parquet.ParquetNestedTypes.Shape;
import io.albis.convert.parquet.ParquetNestedTypes.StructShape;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;

/**
 * Converters of Parquet's record assembly for list and map values, shaped as
 * {@link ParquetNestedTypes} maps them: each assembles its value from Java objects
 * ({@link BoxedValues}) and hands it to its {@link ValueTarget} when the value ends, the Albis
 * writer for a list or map column ({@code AlbisWriter.setValue} encodes it), or the value it sits
 * in. Parquet starts a group only when it is present, so a value that never started is null.
 */
final class ParquetNestedConverters {

    private ParquetNestedConverters() {
    }

    /**
     * The converter of a value of shape {@code s}, putting each value into {@code slot} of
     * {@code target}. A repeated field has none of its own: its group assembles it ({@link ListAssembly}).
     */
    static Converter of(Shape s, ValueTarget target, int slot) {
        if (s instanceof LeafShape leaf) {
            return LeafConverters.of(leaf.kind(), leaf.type(), leaf.name(), target, slot);
        }
        if (s instanceof StructShape struct) {
            return new StructValueConverter(struct, target, slot);
        }
        if (s instanceof MapShape map) {
            return new MapConverter(map, target, slot);
        }
        ListShape list = (ListShape) s;
        if (list.layout() == Layout.REPEATED_FIELD) {
            throw new IllegalStateException(list.name() + " is a repeated field; its group assembles it");
        }
        return new ListConverter(new ListAssembly(list, target, slot));
    }

    /**
     * The converter of field {@code s} of a group: {@link #of} its shape, or, for a repeated field,
     * the converter of its values, its list added to {@code repeated} for the group to assemble.
     */
    static Converter field(Shape s, ValueTarget target, int slot, List<ListAssembly> repeated) {
        if (s instanceof ListShape l && l.layout() == Layout.REPEATED_FIELD) {
            ListAssembly a = new ListAssembly(l, target, slot);
            repeated.add(a);
            return a.converter();
        }
        return of(s, target, slot);
    }

    /**
     * The elements of one list, between the start and the end of what holds it: the LIST group
     * ({@link ListConverter}), or the group that has the repeated field. {@link #converter} is the
     * converter of the repeated Parquet field.
     */
    static final class ListAssembly {
        private final BoxedValues.Elements elements;
        private final Converter converter;
        private final ValueTarget target;
        private final int slot;

        ListAssembly(ListShape s, ValueTarget target, int slot) {
            DataType element = s.type().elementField().type();
            this.elements = new BoxedValues.Elements(s.element().name(), element);
            Converter value = of(s.element(), elements, 0);
            this.converter = s.layout() == Layout.THREE_LEVEL ? new ElementConverter(value, elements) : value;
            this.target = target;
            this.slot = slot;
        }

        Converter converter() {
            return converter;
        }

        void begin() {
            elements.begin();
        }

        void finish() {
            set(target, slot, elements.items());
        }

        /** Starts the lists of a group's repeated fields, as the group starts. */
        static void beginAll(ListAssembly[] lists) {
            for (ListAssembly a : lists) {
                a.begin();
            }
        }

        /** Hands out the lists of a group's repeated fields, as the group ends. */
        static void finishAll(ListAssembly[] lists) {
            for (ListAssembly a : lists) {
                a.finish();
            }
        }
    }

    /** A list or map value into its target; the writer's failure leaves the callback as {@link WriterFailure}. */
    private static void set(ValueTarget target, int slot, Object value) {
        try {
            target.setValue(slot, value);
        } catch (IOException e) {
            throw new WriterFailure(e);
        }
    }

    /** A LIST group: its one field is the repeated one. */
    private static final class ListConverter extends GroupConverter {
        private final ListAssembly list;

        ListConverter(ListAssembly list) {
            this.list = list;
        }

        @Override
        public Converter getConverter(int fieldIndex) {
            return list.converter();
        }

        @Override
        public void start() {
            list.begin();
        }

        @Override
        public void end() {
            list.finish();
        }
    }

    /** The repeated group of a three-level list, once per element: an element that never came is null. */
    private static final class ElementConverter extends GroupConverter {
        private final Converter element;
        private final BoxedValues.Elements elements;
        private int before;

        ElementConverter(Converter element, BoxedValues.Elements elements) {
            this.element = element;
            this.elements = elements;
        }

        @Override
        public Converter getConverter(int fieldIndex) {
            return element;
        }

        @Override
        public void start() {
            before = elements.size();
        }

        @Override
        public void end() {
            if (elements.size() == before) {
                elements.setNull(0);
            }
        }
    }

    /**
     * A group whose fields fill slots, in Parquet order: a struct, or a map's key-value group.
     * Repeated fields among them are lists it assembles between its start and end.
     */
    private abstract static class GroupOfSlots extends GroupConverter {
        final BoxedValues.Slots slots;
        private final Converter[] children;
        private final ListAssembly[] repeated;

        GroupOfSlots(String name, List<Shape> fields) {
            this.slots = new BoxedValues.Slots(name, fields.stream().map(Shape::type).toList());
            this.children = new Converter[fields.size()];
            List<ListAssembly> lists = new ArrayList<>();
            for (int i = 0; i < children.length; i++) {
                children[i] = field(fields.get(i), slots, i, lists);
            }
            this.repeated = lists.toArray(new ListAssembly[0]);
        }

        @Override
        public Converter getConverter(int fieldIndex) {
            return children[fieldIndex];
        }

        @Override
        public void start() {
            slots.clear();
            ListAssembly.beginAll(repeated);
        }

        @Override
        public void end() {
            ListAssembly.finishAll(repeated);
            complete();
        }

        /** Called once every field of the group is in {@link #slots}. */
        abstract void complete();
    }

    /** A struct inside a list or map: a map from field name to value, as {@code AlbisWriter.setValue} takes it. */
    private static final class StructValueConverter extends GroupOfSlots {
        private final List<Field> fields;
        private final ValueTarget target;
        private final int slot;

        StructValueConverter(StructShape s, ValueTarget target, int slot) {
            super(s.name(), s.fields());
            this.fields = s.type().fields();
            this.target = target;
            this.slot = slot;
        }

        @Override
        void complete() {
            Map<String, Object> struct = new LinkedHashMap<>();
            for (int i = 0; i < fields.size(); i++) {
                struct.put(fields.get(i).name(), slots.get(i));
            }
            set(target, slot, struct);
        }
    }

    /**
     * A MAP group. Its entries keep the order of the file; a key that comes again replaces the
     * value in its first place, as LogicalTypes.md says a reader may (the last value counts).
     */
    private static final class MapConverter extends GroupConverter {
        private final KeyValueConverter entries;
        private final ValueTarget target;
        private final int slot;

        MapConverter(MapShape s, ValueTarget target, int slot) {
            this.entries = new KeyValueConverter(s);
            this.target = target;
            this.slot = slot;
        }

        @Override
        public Converter getConverter(int fieldIndex) {
            return entries;
        }

        @Override
        public void start() {
            entries.map = new LinkedHashMap<>();
        }

        @Override
        public void end() {
            set(target, slot, entries.map);
        }
    }

    /** A map's repeated key-value group, once per entry. */
    private static final class KeyValueConverter extends GroupOfSlots {
        private final String name;
        private Map<Object, Object> map;

        KeyValueConverter(MapShape s) {
            super(s.name(), List.of(s.key(), s.value()));
            this.name = s.key().name();
        }

        @Override
        void complete() {
            Object key = slots.get(0);
            if (key == null) {
                throw new RejectedValueException(name, "a map key is null; Albis map keys are never null");
            }
            map.put(key, slots.get(1));
        }
    }
}
