package io.albis.nested;

import io.albis.internal.DirectMemory;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A stored struct inside a list or map (docs/FORMAT.md §6; see {@link NestedFormat}): field
 * {@code i} is the struct type's {@code i}-th field. A view; see {@link NestedSlots} for its
 * getters and how long it is valid.
 */
public final class StructValue extends NestedSlots {
    private final List<Field> fields;
    private final long fieldsAt;
    /** Each field's offset in the fixed part (and its length last), and where the variable fields' bytes start. */
    private final int[] offsets;
    private final long dataAt;

    StructValue(Object base, long start, int size, DataType type) {
        super(base, start, size);
        this.fields = type.fields();
        this.fieldsAt = start + NestedFormat.nullBytes(fields.size());
        this.offsets = NestedFormat.fieldOffsets(fields);
        this.dataAt = fieldsAt + offsets[fields.size()];
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
        return fieldsAt + offsets[i];
    }

    /** A variable field's bytes run from the end of the variable field before it (0 for the first) to its own end. */
    @Override
    long bytesAt(int i) {
        checkIndex(i);
        long from = 0;
        for (int f = i - 1; f >= 0; f--) {
            if (NestedFormat.isVariable(fields.get(f).type())) {
                from = end(f);
                break;
            }
        }
        long to = end(i);
        return NestedFormat.packed(dataAt + from - start, to - from);
    }

    private long end(int f) {
        return DirectMemory.getInt(base, fieldsAt + offsets[f]) & 0xFFFFFFFFL;
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
