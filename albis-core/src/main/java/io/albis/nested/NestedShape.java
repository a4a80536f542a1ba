package io.albis.nested;

import io.albis.schema.DataType;
import io.albis.schema.Field;
import java.util.List;

/**
 * A type as the walks over stored nested values need it (docs/FORMAT.md §6): how a value of it
 * sits among elements or in a struct's fixed part, and the shapes below it. Worked out once per
 * column, so that checking and summing a row's lists and maps switch on a small int and read
 * final fields instead of asking the {@link DataType} for the same facts at every value.
 */
public final class NestedShape {
    // How a value is held: in place, by its width, or through ends (variable). Kinds up to
    // WIDE_DECIMAL are in place; the others are variable.
    public static final int LONG8 = 0;
    public static final int INT4 = 1;
    public static final int SHORT2 = 2;
    public static final int BYTE1 = 3;
    public static final int BOOLEAN1 = 4;
    public static final int WIDE_DECIMAL = 5;
    public static final int BYTES = 6;
    public static final int LIST = 7;
    public static final int MAP = 8;
    public static final int STRUCT = 9;

    public final DataType type;
    public final int kind;
    /** Bytes of one value among fixed-width elements; {@link NestedFormat#VARIABLE} for a variable one. */
    public final int width;
    /** Whether a value of this shape may be null where it is held (false for map keys). */
    public final boolean nullable;
    /** A list's element, a map's key. */
    public final NestedShape element;
    /** A map's value. */
    public final NestedShape value;
    /** A struct's fields, and their names for messages. */
    public final NestedShape[] fields;
    public final String[] fieldNames;
    /**
     * True for a list whose elements, or a map whose keys and values, are leaves (no list, map or
     * struct inside): the common values, which the check and the scan walk without recursion.
     */
    public final boolean flat;
    /** A struct's fields' offsets in its fixed part (after the null bits), and the fixed part's length. */
    public final int[] fieldOffsets;
    public final int fixedPart;
    /** Bytes of a struct's null bits: where its fixed part starts. */
    public final int fieldNullBytes;
    /**
     * For each field of a struct, the variable field before it, whose end is where a variable
     * field's bytes start; -1 for none (they start at the struct's data).
     */
    public final int[] previousVariable;

    private NestedShape(DataType type, int kind, boolean nullable, NestedShape element, NestedShape value,
            NestedShape[] fields, String[] fieldNames) {
        this.type = type;
        this.kind = kind;
        this.width = NestedFormat.elementWidth(type);
        this.nullable = nullable;
        this.element = element;
        this.value = value;
        this.fields = fields;
        this.fieldNames = fieldNames;
        this.flat = kind == LIST ? element.kind <= BYTES : kind == MAP && element.kind <= BYTES && value.kind <= BYTES;
        int n = fields == null ? 0 : fields.length;
        int[] offsets = kind == STRUCT ? NestedFormat.fieldOffsets(type.fields()) : new int[1];
        this.fieldOffsets = java.util.Arrays.copyOf(offsets, n);
        this.fixedPart = offsets[n];
        this.previousVariable = new int[n];
        this.fieldNullBytes = (int) NestedFormat.nullBytes(n);
        int previous = -1;
        for (int f = 0; f < n; f++) {
            previousVariable[f] = previous;
            if (fields[f].isVariable()) {
                previous = f;
            }
        }
    }

    /** The shape of a list or map column's values (or of any type, as a nullable value). */
    public static NestedShape of(DataType t) {
        return of(t, true);
    }

    private static NestedShape of(DataType t, boolean nullable) {
        return switch (t.id()) {
            case LIST -> new NestedShape(t, LIST, nullable, of(t.elementField().type(), t.elementField().nullable()),
                    null, null, null);
            case MAP -> new NestedShape(t, MAP, nullable, of(t.keyField().type(), false),
                    of(t.valueField().type(), t.valueField().nullable()), null, null);
            case STRUCT -> {
                List<Field> fs = t.fields();
                NestedShape[] fields = new NestedShape[fs.size()];
                String[] names = new String[fs.size()];
                for (int f = 0; f < fields.length; f++) {
                    fields[f] = of(fs.get(f).type(), fs.get(f).nullable());
                    names[f] = fs.get(f).name();
                }
                yield new NestedShape(t, STRUCT, nullable, null, null, fields, names);
            }
            case STRING, BINARY -> new NestedShape(t, BYTES, nullable, null, null, null, null);
            case BOOLEAN -> new NestedShape(t, BOOLEAN1, nullable, null, null, null, null);
            default -> {
                int kind = switch (NestedFormat.elementWidth(t)) {
                    case 16 -> WIDE_DECIMAL;
                    case 8 -> LONG8;
                    case 4 -> INT4;
                    case 2 -> SHORT2;
                    default -> BYTE1;
                };
                yield new NestedShape(t, kind, nullable, null, null, null, null);
            }
        };
    }

    /** True when a value of this shape is found through ends (string, binary, list, map, struct). */
    public boolean isVariable() {
        return kind > WIDE_DECIMAL;
    }
}
