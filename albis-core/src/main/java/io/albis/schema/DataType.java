package io.albis.schema;

import io.albis.error.InvalidOptionException;
import java.util.List;
import java.util.Objects;

/**
 * A column type: a {@link TypeId} plus decimal precision/scale, a struct's fields, or the element
 * of a list ({@link #list}) and the key and value of a map ({@link #map}), each as a {@link Field}
 * whose nullability says whether the list or map may hold nulls there.
 */
public final class DataType {
    public static final int MAX_DECIMAL_PRECISION = 38;
    /** Decimals up to this precision keep their unscaled value in a long. */
    public static final int MAX_LONG_DECIMAL_PRECISION = 18;

    public static final DataType BOOLEAN = new DataType(TypeId.BOOLEAN, 0, 0, List.of());
    public static final DataType BYTE = new DataType(TypeId.BYTE, 0, 0, List.of());
    public static final DataType SHORT = new DataType(TypeId.SHORT, 0, 0, List.of());
    public static final DataType INT = new DataType(TypeId.INT, 0, 0, List.of());
    public static final DataType LONG = new DataType(TypeId.LONG, 0, 0, List.of());
    public static final DataType FLOAT = new DataType(TypeId.FLOAT, 0, 0, List.of());
    public static final DataType DOUBLE = new DataType(TypeId.DOUBLE, 0, 0, List.of());
    public static final DataType DATE = new DataType(TypeId.DATE, 0, 0, List.of());
    public static final DataType TIMESTAMP = new DataType(TypeId.TIMESTAMP, 0, 0, List.of());
    /** A timestamp without time zone (Spark's TIMESTAMP_NTZ, Parquet's isAdjustedToUTC=false). */
    public static final DataType TIMESTAMP_NTZ = new DataType(TypeId.TIMESTAMP_NTZ, 0, 0, List.of());
    public static final DataType STRING = new DataType(TypeId.STRING, 0, 0, List.of());
    public static final DataType BINARY = new DataType(TypeId.BINARY, 0, 0, List.of());
    /** The marker column type of a nullable struct (no fields; see {@link TypeId#STRUCT}). */
    static final DataType STRUCT_MARKER = new DataType(TypeId.STRUCT, 0, 0, List.of());

    private final TypeId id;
    private final int precision;
    private final int scale;
    private final List<Field> fields;

    private DataType(TypeId id, int precision, int scale, List<Field> fields) {
        this.id = id;
        this.precision = precision;
        this.scale = scale;
        this.fields = fields;
    }

    public static DataType decimal(int precision, int scale) {
        if (precision < 1 || precision > MAX_DECIMAL_PRECISION) {
            throw new InvalidOptionException("decimal precision must be 1.." + MAX_DECIMAL_PRECISION + ", got " + precision);
        }
        if (scale < 0 || scale > precision) {
            throw new InvalidOptionException("decimal scale must be 0..precision (" + precision + "), got " + scale);
        }
        return new DataType(TypeId.DECIMAL, precision, scale, List.of());
    }

    public static DataType struct(List<Field> fields) {
        if (fields.isEmpty()) {
            throw new InvalidOptionException("a struct needs at least one field");
        }
        return new DataType(TypeId.STRUCT, 0, 0, List.copyOf(fields));
    }

    public static DataType struct(Field... fields) {
        return struct(List.of(fields));
    }

    /** A list of {@code element}s; {@code containsNull} says whether an element may be null. */
    public static DataType list(DataType element, boolean containsNull) {
        return new DataType(TypeId.LIST, 0, 0, List.of(new Field("element", element, containsNull)));
    }

    /**
     * A map from {@code key} to {@code value}; keys are never null, {@code valueContainsNull} says
     * whether a value may be. A map key may be of any type but a map (as in Spark).
     */
    public static DataType map(DataType key, DataType value, boolean valueContainsNull) {
        if (key.id == TypeId.MAP) {
            throw new InvalidOptionException("a map key may not be a map: " + key);
        }
        return new DataType(TypeId.MAP, 0, 0, List.of(new Field("key", key, false), new Field("value", value,
                valueContainsNull)));
    }

    /** The stored (leaf) type for a type code and decimal parameters read from a file. */
    public static DataType ofStored(TypeId id, int precision, int scale) {
        return switch (id) {
            case BOOLEAN -> BOOLEAN;
            case BYTE -> BYTE;
            case SHORT -> SHORT;
            case INT -> INT;
            case LONG -> LONG;
            case FLOAT -> FLOAT;
            case DOUBLE -> DOUBLE;
            case DATE -> DATE;
            case TIMESTAMP -> TIMESTAMP;
            case TIMESTAMP_NTZ -> TIMESTAMP_NTZ;
            case STRING -> STRING;
            case BINARY -> BINARY;
            case STRUCT -> STRUCT_MARKER;
            case DECIMAL -> decimal(precision, scale);
            case LIST, MAP -> throw new IllegalArgumentException(id + " is not a leaf type of its own; its element types follow it");
        };
    }

    public TypeId id() {
        return id;
    }

    public int precision() {
        return precision;
    }

    public int scale() {
        return scale;
    }

    /** A struct's fields; empty for every other type. */
    public List<Field> fields() {
        return id == TypeId.STRUCT ? fields : List.of();
    }

    public boolean isStruct() {
        return id == TypeId.STRUCT;
    }

    /** True for lists and maps. */
    public boolean isNested() {
        return id == TypeId.LIST || id == TypeId.MAP;
    }

    /** A list's element, a map's key and value, or a struct's fields; empty for every other type. */
    public List<Field> children() {
        return fields;
    }

    /** A list's element (its nullability says whether elements may be null). */
    public Field elementField() {
        return child(TypeId.LIST, 0);
    }

    /** A map's key (never nullable). */
    public Field keyField() {
        return child(TypeId.MAP, 0);
    }

    /** A map's value (its nullability says whether values may be null). */
    public Field valueField() {
        return child(TypeId.MAP, 1);
    }

    private Field child(TypeId expected, int i) {
        if (id != expected) {
            throw new IllegalStateException(this + " is not a " + expected.name().toLowerCase(java.util.Locale.ROOT));
        }
        return fields.get(i);
    }

    /** Depth of nesting below this type: 0 for a leaf, 1 + the deepest child for structs, lists and maps. */
    public int nestingDepth() {
        int d = 0;
        for (Field f : fields) {
            d = Math.max(d, 1 + f.type().nestingDepth());
        }
        return d;
    }

    /** True for string, binary, list and map: their bytes live in the variable area. */
    public boolean isVariableWidth() {
        return id == TypeId.STRING || id == TypeId.BINARY || isNested();
    }

    /** Decimal with more than 18 digits: 16 bytes in the fixed area. */
    public boolean isWideDecimal() {
        return id == TypeId.DECIMAL && precision > MAX_LONG_DECIMAL_PRECISION;
    }

    /** Bytes this type takes in a row's fixed area. */
    public int fixedWidth() {
        if (id == TypeId.DECIMAL) {
            return isWideDecimal() ? 16 : 8;
        }
        return id.fixedWidth();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DataType d && d.id == id && d.precision == precision && d.scale == scale
                && d.fields.equals(fields);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, precision, scale, fields);
    }

    @Override
    public String toString() {
        return switch (id) {
            case DECIMAL -> "decimal(" + precision + "," + scale + ")";
            case STRUCT -> fields.isEmpty() ? "struct" : "struct<" + String.join(", ",
                    fields.stream().map(Field::toString).toList()) + ">";
            case LIST -> "list<" + elementField().type() + (elementField().nullable() ? "" : " not null") + ">";
            case MAP -> "map<" + keyField().type() + ", " + valueField().type()
                    + (valueField().nullable() ? "" : " not null") + ">";
            case TIMESTAMP_NTZ -> "timestamp_ntz";
            default -> id.name().toLowerCase(java.util.Locale.ROOT);
        };
    }
}
