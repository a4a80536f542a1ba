package io.albis.schema;

import io.albis.error.CorruptFileException;
import io.albis.util.ByteSink;
import io.albis.util.ByteSource;
import java.util.ArrayList;
import java.util.List;

/**
 * The children of a list or map column as schema and metadata files store them after the column
 * (format 3.0 on; docs/FORMAT.md §5), each a nested type:
 * <pre>
 * nested = code:u8 flags:u8 (bit 0 nullable) body
 * body   = precision:u8 scale:u8           for a decimal
 *        | nested                          for a list (its element)
 *        | nested nested                   for a map (key, value; the key never nullable)
 *        | count:u16 { name:str nested }*  for a struct (at least one field)
 *        | nothing                         otherwise
 * </pre>
 */
public final class NestedTypeCodec {
    /** Deepest nesting of lists, maps and structs inside a column a reader accepts. */
    public static final int MAX_NESTING = 64;
    private static final int FLAG_NULLABLE = 1;

    private NestedTypeCodec() {}

    /** Writes the children of a list or map type; nothing for any other type. */
    public static void encodeChildren(ByteSink out, DataType t) {
        if (t.isNested()) {
            for (Field child : t.children()) {
                encodeNested(out, child);
            }
        }
    }

    /** Reads the children of a list or map column whose code {@code t} was read, naming {@code column} in errors. */
    public static DataType decodeChildren(ByteSource in, TypeId t, String column) throws CorruptFileException {
        return decodeBody(in, t, 1, column);
    }

    static void encodeNested(ByteSink out, Field f) {
        DataType t = f.type();
        out.u8(t.id().code).u8(f.nullable() ? FLAG_NULLABLE : 0);
        switch (t.id()) {
            case DECIMAL -> out.u8(t.precision()).u8(t.scale());
            case STRUCT -> {
                out.u16(t.fields().size());
                for (Field child : t.fields()) {
                    out.string(child.name());
                    encodeNested(out, child);
                }
            }
            case LIST, MAP -> {
                for (Field child : t.children()) {
                    encodeNested(out, child);
                }
            }
            default -> { }
        }
    }

    /** Reads one nested type (a list's element, a map's key or value, a struct's field) named {@code name}. */
    private static Field decodeNested(ByteSource in, String name, int depth, String column) throws CorruptFileException {
        int at = in.position();
        int code = in.u8("nested type code");
        int flags = in.u8("nested type flags");
        TypeId t = TypeId.fromCode(code);
        if (t == null || (flags & ~FLAG_NULLABLE) != 0) {
            throw in.corruptAt(at, "column " + column + " has a nested type of code " + code + " and flags " + flags);
        }
        return new Field(name, decodeBody(in, t, depth, column), (flags & FLAG_NULLABLE) != 0);
    }

    /** Reads what follows a nested type's code and flags, or a list or map column's path ({@code depth} 1). */
    private static DataType decodeBody(ByteSource in, TypeId t, int depth, String column) throws CorruptFileException {
        int at = in.position();
        if (depth > MAX_NESTING) {
            throw in.corrupt("column " + column + " nests deeper than " + MAX_NESTING + " levels");
        }
        try {
            return switch (t) {
                case DECIMAL -> DataType.decimal(in.u8("decimal precision"), in.u8("decimal scale"));
                case LIST -> {
                    Field e = decodeNested(in, "element", depth + 1, column);
                    yield DataType.list(e.type(), e.nullable());
                }
                case MAP -> {
                    Field k = decodeNested(in, "key", depth + 1, column);
                    Field v = decodeNested(in, "value", depth + 1, column);
                    if (k.nullable()) {
                        throw in.corruptAt(at, "column " + column + " has a map whose keys may be null");
                    }
                    yield DataType.map(k.type(), v.type(), v.nullable());
                }
                case STRUCT -> {
                    int count = in.u16("struct field count");
                    List<Field> fields = new ArrayList<>(count);
                    for (int i = 0; i < count; i++) {
                        String fieldName = in.string("struct field name");
                        fields.add(decodeNested(in, fieldName, depth + 1, column));
                    }
                    yield DataType.struct(fields);
                }
                default -> DataType.ofStored(t, 0, 0);
            };
        } catch (IllegalArgumentException e) {
            throw in.corruptAt(at, "column " + column + ": " + e.getMessage());
        }
    }
}
