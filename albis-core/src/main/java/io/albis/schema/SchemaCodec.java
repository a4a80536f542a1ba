package io.albis.schema;

import io.albis.error.AlbisFormatException;
import io.albis.error.CorruptFileException;
import io.albis.layout.CheckedFile;
import io.albis.layout.FileHeader;
import io.albis.util.ByteSink;
import io.albis.util.ByteSource;
import java.util.ArrayList;
import java.util.List;

/**
 * The schema file's bytes (docs/FORMAT.md, "Schema file"):
 * <pre>
 * header(8, kind 'S') version:i32 nextColumnId:i32 nextGroupId:i32
 * columnCount:i32 { id:i32 type:u8 precision:u8 scale:u8 flags:u8 depth:u16 { name:str }* [children] }*
 * groupCount:i32  { id:i32 name:str size:i32 { columnIndex:i32, strictly ascending }* }*
 * crc32c:i32 "ALBE"
 * </pre>
 * str = u16 byte length + UTF-8. flags: bit 0 nullable, bit 1 deleted. Little-endian throughout.
 * Since format 3.0 a list or map column is followed by its children ({@link NestedTypeCodec}).
 */
public final class SchemaCodec {
    /** Bounds on counts read from a file, so a damaged count cannot drive a huge allocation. */
    public static final int MAX_COLUMNS = 1 << 20;
    private static final int MAX_DEPTH = 256;
    private static final int FLAG_NULLABLE = 1;
    private static final int FLAG_DELETED = 2;
    /** The lowest type code a format 2.x schema cannot hold. */

    private SchemaCodec() {}

    public static byte[] encode(Schema schema) {
        ByteSink out = new ByteSink();
        out.bytes(FileHeader.bytes(FileHeader.KIND_SCHEMA));
        out.i32(schema.version()).i32(schema.nextColumnId()).i32(schema.nextGroupId());
        out.i32(schema.columnCount());
        for (Column c : schema.columns()) {
            out.i32(c.id()).u8(c.type().id().code).u8(c.type().precision()).u8(c.type().scale());
            out.u8((c.nullable() ? FLAG_NULLABLE : 0) | (c.deleted() ? FLAG_DELETED : 0));
            out.u16(c.path().size());
            for (String part : c.path()) {
                out.string(part);
            }
            NestedTypeCodec.encodeChildren(out, c.type());
        }
        out.i32(schema.groups().size());
        for (ColumnGroup g : schema.groups()) {
            out.i32(g.id()).string(g.name()).i32(g.size());
            for (int c : g.columns()) {
                out.i32(c);
            }
        }
        return out.footer().toByteArray();
    }

    public static Schema decode(byte[] bytes, String file) throws AlbisFormatException {
        return decode(java.nio.ByteBuffer.wrap(bytes), file);
    }

    /** Decodes the schema file held from 0 to the buffer's limit. */
    public static Schema decode(java.nio.ByteBuffer bytes, String file) throws AlbisFormatException {
        CheckedFile checked = CheckedFile.open(bytes, FileHeader.KIND_SCHEMA, file);
        ByteSource in = checked.body();
        int version = in.count("schema version", Integer.MAX_VALUE);
        int nextColumnId = in.count("next column id", Integer.MAX_VALUE);
        int nextGroupId = in.count("next group id", Integer.MAX_VALUE);
        int n = in.count("column count", Math.min(MAX_COLUMNS, in.remaining()));
        List<Column> columns = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int at = in.position();
            int id = in.count("column id", Integer.MAX_VALUE);
            int code = in.u8("type code");
            int precision = in.u8("decimal precision");
            int scale = in.u8("decimal scale");
            int flags = in.u8("column flags");
            TypeId t = TypeId.fromCode(code);
            if (t == null || !t.existsInFormat(checked.version().major())) {
                throw new CorruptFileException(file, at + 4, "unknown type code " + code + " for column " + i
                        + " in a format " + checked.version() + " schema");
            }
            DataType type = null;
            if (!t.isNested()) {
                try {
                    type = DataType.ofStored(t, precision, scale);
                } catch (IllegalArgumentException e) {
                    throw new CorruptFileException(file, at + 5, "column " + i + ": " + e.getMessage());
                }
            }
            int depth = in.u16("path depth");
            if (depth < 1 || depth > MAX_DEPTH) {
                throw in.corrupt("column " + i + " has path depth " + depth + ", outside 1.." + MAX_DEPTH);
            }
            List<String> path = new ArrayList<>(depth);
            for (int d = 0; d < depth; d++) {
                String part = in.string("column name");
                if (part.isEmpty()) {
                    throw in.corrupt("column " + i + " has an empty name");
                }
                path.add(part);
            }
            if (type == null) {
                type = NestedTypeCodec.decodeChildren(in, t, String.join(".", path));
            }
            columns.add(new Column(i, id, path, type, (flags & FLAG_NULLABLE) != 0, (flags & FLAG_DELETED) != 0));
        }
        int g = in.count("group count", Math.max(1, n));
        List<ColumnGroup> groups = new ArrayList<>(g);
        for (int i = 0; i < g; i++) {
            int id = in.count("group id", Integer.MAX_VALUE);
            String name = in.string("group name");
            int size = in.count("group size", n);
            int[] members = new int[size];
            for (int k = 0; k < size; k++) {
                int at = in.position();
                members[k] = in.count("group member", n - 1);
                if (k > 0 && members[k] <= members[k - 1]) {
                    throw in.corruptAt(at, "column group '" + name + "' lists column " + members[k] + " after column "
                            + members[k - 1] + "; a group's columns must be strictly ascending");
                }
            }
            groups.add(new ColumnGroup(id, name, members));
        }
        checked.finish("column groups");
        try {
            return Schema.of(version, columns, groups, nextColumnId, nextGroupId);
        } catch (IllegalArgumentException | IllegalStateException e) {
            // Ids and names are checked across the whole file: the error points at its body.
            throw new CorruptFileException(file, FileHeader.LENGTH, "inconsistent schema: " + e.getMessage());
        }
    }
}
