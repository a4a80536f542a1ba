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
    private final DataType[] types;
    private final boolean[] nullable;
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
        types = new DataType[from.length];
        nullable = new boolean[from.length];
        for (int k = 0; k < from.length; k++) {
            types[k] = target.column(to[k]).type();
            nullable[k] = target.column(to[k]).nullable();
        }
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
            DataType t = types[k];
            switch (t.id()) {
                case BOOLEAN -> w.setBoolean(c, r.getBoolean(i));
                case BYTE -> w.setByte(c, r.getByte(i));
                case SHORT -> w.setShort(c, r.getShort(i));
                case INT -> w.setInt(c, r.getInt(i));
                case DATE -> w.setDate(c, r.getDate(i));
                case LONG -> w.setLong(c, r.getLong(i));
                case FLOAT -> w.setFloat(c, r.getFloat(i));
                case DOUBLE -> w.setDouble(c, r.getDouble(i));
                case TIMESTAMP, TIMESTAMP_NTZ -> w.setTimestampMicros(c, r.getTimestampMicros(i));
                case DECIMAL -> {
                    if (t.isWideDecimal()) {
                        w.setDecimalWide(c, r.wideHigh(i), r.wideLow(i));
                    } else {
                        w.setDecimalUnscaled(c, r.getDecimalUnscaled(i));
                    }
                }
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
