package io.albis.nested;

import io.albis.schema.DataType;
import io.albis.schema.Field;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A stored struct inside a list or map (the layout of Spark's {@code UnsafeRow}; see
 * {@link NestedFormat}): field {@code i} is the struct type's {@code i}-th field. A view; see
 * {@link NestedSlots} for its getters and how long it is valid.
 */
public final class StructValue extends NestedSlots {
    private final List<Field> fields;
    private final long fieldsAt;

    StructValue(Object base, long start, int size, DataType type) {
        super(base, start, size);
        this.fields = type.fields();
        this.fieldsAt = start + NestedFormat.nullBytes(fields.size());
    }

    @Override
    public int count() {
        return fields.size();
    }

    public List<Field> fields() {
        return fields;
    }

    @Override
    public DataType typeAt(int i) {
        return fields.get(i).type();
    }

    @Override
    long slotAt(int i) {
        checkIndex(i);
        return fieldsAt + 8L * i;
    }

    @Override
    long nullBitsAt() {
        return start;
    }

    /** The fields as a map from name to Java object (see {@link NestedSlots#get}), in field order. */
    @Override
    public Map<String, Object> toJava() {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < fields.size(); i++) {
            out.put(fields.get(i).name(), get(i));
        }
        return out;
    }
}
