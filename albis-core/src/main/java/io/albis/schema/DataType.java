package io.albis.schema;

import io.albis.error.InvalidOptionException;
import java.util.List;
import java.util.Objects;

/** A column type: a {@link TypeId} plus decimal precision/scale, or a struct's fields. */
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
            case STRING -> STRING;
            case BINARY -> BINARY;
            case STRUCT -> STRUCT_MARKER;
            case DECIMAL -> decimal(precision, scale);
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
        return fields;
    }

    public boolean isStruct() {
        return id == TypeId.STRUCT;
    }

    /** True for string and binary: their bytes live in the variable area. */
    public boolean isVariableWidth() {
        return id == TypeId.STRING || id == TypeId.BINARY;
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

    /** Logical bytes of one non-null value for goodput (DESIGN §7); variable types count their length instead. */
    public int logicalWidth() {
        return isVariableWidth() ? 0 : fixedWidth();
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
            default -> id.name().toLowerCase(java.util.Locale.ROOT);
        };
    }
}
