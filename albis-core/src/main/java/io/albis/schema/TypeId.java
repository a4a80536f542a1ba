package io.albis.schema;

/**
 * Every type Albis stores. The code is the type's byte in the schema and metadata files; the
 * width is its size in a row's fixed area (variable types keep an 8-byte offset+size there).
 */
public enum TypeId {
    BOOLEAN(1, 1),
    BYTE(2, 1),
    SHORT(3, 2),
    INT(4, 4),
    LONG(5, 8),
    FLOAT(6, 4),
    DOUBLE(7, 8),
    /** Unscaled value as a long (precision ≤ 18) or a 16-byte two's complement (precision ≤ 38). */
    DECIMAL(8, -1),
    /** Days since 1970-01-01 as an int. */
    DATE(9, 4),
    /** Microseconds since 1970-01-01T00:00:00Z as a long. */
    TIMESTAMP(10, 8),
    /** UTF-8 bytes in the variable area. */
    STRING(11, 8),
    BINARY(12, 8),
    /**
     * A nested struct. At the top level it is flattened, and a nullable struct leaves a zero-width
     * marker column whose null bit says the struct is null; inside a list or map it is a value of
     * its own (docs/FORMAT.md §6, "Nested values").
     */
    STRUCT(13, 0),
    /** Microseconds since 1970-01-01T00:00:00 of a wall clock without time zone, as a long (format 3.0 on). */
    TIMESTAMP_NTZ(14, 8),
    /** A list: its value in the variable area (format 3.0 on). */
    LIST(15, 8),
    /** A map: its value in the variable area (format 3.0 on). */
    MAP(16, 8);

    public final int code;
    private final int width;

    TypeId(int code, int width) {
        this.code = code;
        this.width = width;
    }

    int fixedWidth() {
        return width;
    }

    /** True when files of this major format version may hold the type: timestamps without time zone, lists and maps came with 3.0. */
    public boolean existsInFormat(int major) {
        return code < TIMESTAMP_NTZ.code || major >= 3;
    }

    /** True for lists and maps, whose element types follow their code in a schema. */
    public boolean isNested() {
        return this == LIST || this == MAP;
    }

    public static TypeId fromCode(int code) {
        for (TypeId t : values()) {
            if (t.code == code) {
                return t;
            }
        }
        return null;
    }
}
