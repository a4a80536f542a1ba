package io.albis.bench.format;

import io.albis.schema.Column;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.schema.TypeId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A column of a flat table as formats without Albis types store it next to their data: its name
 * and its Albis type, written as {@link DataType#toString()} ({@code int}, {@code decimal(7,2)}).
 * Readers need the type to count logical bytes and to checksum values as Albis does.
 */
public record FlatColumn(String name, DataType type) {
    private static final Pattern DECIMAL = Pattern.compile("decimal\\((\\d+),(\\d+)\\)");

    /** The live columns of a flat schema, in schema order. */
    public static List<FlatColumn> of(Schema schema) {
        List<FlatColumn> out = new ArrayList<>();
        for (Column c : schema.columns()) {
            if (c.isStructMarker() || c.path().size() > 1) {
                throw new IllegalArgumentException("benchmark tables must be flat, but column '" + c.name()
                        + "' is inside a struct");
            }
            if (!c.deleted()) {
                out.add(new FlatColumn(c.name(), c.type()));
            }
        }
        return out;
    }

    public String typeText() {
        return type.toString();
    }

    public static DataType parseType(String text) {
        Matcher m = DECIMAL.matcher(text);
        if (m.matches()) {
            return DataType.decimal(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
        }
        TypeId id;
        try {
            id = TypeId.valueOf(text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown column type '" + text + "'");
        }
        if (id == TypeId.STRUCT || id == TypeId.DECIMAL) {
            throw new IllegalArgumentException("column type '" + text + "' is not a flat column type");
        }
        return DataType.ofStored(id, 0, 0);
    }

    public static int indexOf(List<FlatColumn> columns, String name) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no column named '" + name + "'; columns are "
                + columns.stream().map(FlatColumn::name).toList());
    }
}
