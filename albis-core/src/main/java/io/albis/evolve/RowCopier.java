package io.albis.evolve;

import io.albis.read.AlbisReader;
import io.albis.schema.Column;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.write.RowWriter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Copies the values of a reader's current row into a writer of another schema: typed, without
 * boxing; list and map values are copied as their stored bytes. Columns are matched by id between
 * versions of one table's schema ({@link #byId}: ids survive renames, re-grouping and drops), and
 * by name between tables ({@link #byName}). The one loop of every operation that rewrites rows:
 * heavy drop, re-group, re-balance, and the bench's copies of a table in other layouts.
 */
public final class RowCopier {
    private final int[] from;
    private final int[] to;
    private final boolean[] nullable;
    private final int[] kinds;
    private byte[] buffer = new byte[256];

    /** Copies each reader column whose id is a column of {@code target} into that column. */
    public static RowCopier byId(AlbisReader reader, Schema target) {
        Map<Integer, Column> byId = new HashMap<>();
        for (Column c : target.columns()) {
            byId.put(c.id(), c);
        }
        List<int[]> pairs = new ArrayList<>();
        for (int i = 0; i < reader.columnCount(); i++) {
            Column c = byId.get(reader.column(i).id());
            if (c != null) {
                pairs.add(new int[] {i, c.index()});
            }
        }
        return new RowCopier(pairs, target);
    }

    /**
     * Copies each reader column into the column of {@code target} with the same name, for a copy
     * into another table (whose column ids are its own).
     *
     * @throws io.albis.error.SchemaMismatchException naming a reader column {@code target} lacks
     */
    public static RowCopier byName(AlbisReader reader, Schema target) {
        List<int[]> pairs = new ArrayList<>();
        for (int i = 0; i < reader.columnCount(); i++) {
            pairs.add(new int[] {i, target.columnIndex(reader.column(i).name())});
        }
        return new RowCopier(pairs, target);
    }

    /** Copies reader column {@code pair[0]} into target column {@code pair[1]}, for each pair. */
    private RowCopier(List<int[]> pairs, Schema target) {
        from = pairs.stream().mapToInt(p -> p[0]).toArray();
        to = pairs.stream().mapToInt(p -> p[1]).toArray();
        nullable = new boolean[from.length];
        kinds = new int[from.length];
        for (int k = 0; k < from.length; k++) {
            nullable[k] = target.column(to[k]).nullable();
            kinds[k] = kindOf(target.column(to[k]).type());
        }
    }

    // How each column is copied: a switch over these ints, read from an array, costs less a value
    // than a switch over the type's enum, which loads the type, its id and a mapping of ordinals.
    private static final int BOOLEAN = 0;
    private static final int BYTE = 1;
    private static final int SHORT = 2;
    private static final int INT = 3;
    private static final int DATE = 4;
    private static final int LONG = 5;
    private static final int FLOAT = 6;
    private static final int DOUBLE = 7;
    private static final int TIMESTAMP = 8;
    private static final int DECIMAL = 9;
    private static final int WIDE_DECIMAL = 10;
    private static final int STRING = 11;
    private static final int BINARY = 12;
    private static final int LIST = 13;
    private static final int MAP = 14;
    private static final int STRUCT = 15;

    private static int kindOf(DataType t) {
        return switch (t.id()) {
            case BOOLEAN -> BOOLEAN;
            case BYTE -> BYTE;
            case SHORT -> SHORT;
            case INT -> INT;
            case DATE -> DATE;
            case LONG -> LONG;
            case FLOAT -> FLOAT;
            case DOUBLE -> DOUBLE;
            case TIMESTAMP, TIMESTAMP_NTZ -> TIMESTAMP;
            case DECIMAL -> t.isWideDecimal() ? WIDE_DECIMAL : DECIMAL;
            case STRING -> STRING;
            case BINARY -> BINARY;
            case LIST -> LIST;
            case MAP -> MAP;
            case STRUCT -> STRUCT;
        };
    }

    /** How many columns a row copy sets. */
    int columns() {
        return from.length;
    }

    /** Sets the current row's values in {@code w} (the caller ends the row). */
    public void copy(AlbisReader r, RowWriter w) throws IOException {
        for (int k = 0; k < from.length; k++) {
            int i = from[k];
            int c = to[k];
            if (r.isNull(i)) {
                // A non-nullable column reads null only below a null struct: the struct's marker,
                // copied as null, makes the writer store it null again (the writer refuses setNull).
                if (nullable[k]) {
                    w.setNull(c);
                }
                continue;
            }
            switch (kinds[k]) {
                case BOOLEAN -> w.setBoolean(c, r.getBoolean(i));
                case BYTE -> w.setByte(c, r.getByte(i));
                case SHORT -> w.setShort(c, r.getShort(i));
                case INT -> w.setInt(c, r.getInt(i));
                case DATE -> w.setDate(c, r.getDate(i));
                case LONG -> w.setLong(c, r.getLong(i));
                case FLOAT -> w.setFloat(c, r.getFloat(i));
                case DOUBLE -> w.setDouble(c, r.getDouble(i));
                case TIMESTAMP -> w.setTimestampMicros(c, r.getTimestampMicros(i));
                case DECIMAL -> w.setDecimalUnscaled(c, r.getDecimalUnscaled(i));
                case WIDE_DECIMAL -> w.setDecimalWide(c, r.wideHigh(i), r.wideLow(i));
                case STRING -> w.setUtf8(c, load(r, i), 0, r.getBytesLength(i));
                case BINARY -> w.setBinary(c, load(r, i), 0, r.getBytesLength(i));
                case LIST -> {
                    byte[] b = r.getList(i).toByteArray();
                    w.setNestedBytes(c, b, 0, b.length);
                }
                case MAP -> {
                    byte[] b = r.getMap(i).toByteArray();
                    w.setNestedBytes(c, b, 0, b.length);
                }
                case STRUCT -> w.setValue(c, Boolean.TRUE); // a present struct
                default -> throw new IllegalStateException("column " + c + ": no copy for kind " + kinds[k]);
            }
        }
    }

    private byte[] load(AlbisReader r, int i) {
        int n = r.getBytesLength(i);
        if (buffer.length < n) {
            buffer = new byte[Math.max(n, buffer.length * 2)];
        }
        r.copyBytes(i, buffer, 0);
        return buffer;
    }
}
