package io.albis.schema;

import io.albis.error.InvalidOptionException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Columns given by a user as text: {@code name:type} pairs separated by commas, for example
 * {@code id:long,price:decimal(7,2),day:date}, as the CSV converter's {@code --schema} and
 * {@code albis add-columns} take them. Types: boolean, byte, short, int, long, float, double,
 * decimal(p,s) (or decimal(p) for scale 0), date, timestamp, string.
 */
public final class ColumnSpec {
    private static final Pattern DECIMAL = Pattern.compile("decimal\\(\\s*(\\d+)\\s*(?:,\\s*(\\d+)\\s*)?\\)");
    public static final String TYPES = "boolean, byte, short, int, long, float, double, decimal(p,s), date, timestamp, string";

    private ColumnSpec() {
    }

    /** The declared types by column name, in the order given. */
    public static Map<String, DataType> parse(String spec) {
        Map<String, DataType> types = new LinkedHashMap<>();
        for (String entry : splitTopLevel(spec)) {
            int colon = entry.lastIndexOf(':');
            if (colon <= 0) {
                throw new InvalidOptionException("column entry '" + entry.trim() + "' is not name:type");
            }
            String name = entry.substring(0, colon).trim();
            String typeText = entry.substring(colon + 1).trim();
            if (name.isEmpty()) {
                throw new InvalidOptionException("column entry '" + entry.trim() + "' has no column name");
            }
            if (types.put(name, type(typeText, name)) != null) {
                throw new InvalidOptionException("the columns name '" + name + "' twice");
            }
        }
        if (types.isEmpty()) {
            throw new InvalidOptionException("no columns given; expected name:type pairs like a:int,b:string");
        }
        return types;
    }

    private static DataType type(String text, String column) {
        String t = text.toLowerCase(Locale.ROOT);
        switch (t) {
            case "boolean":
                return DataType.BOOLEAN;
            case "byte":
                return DataType.BYTE;
            case "short":
                return DataType.SHORT;
            case "int":
                return DataType.INT;
            case "long":
                return DataType.LONG;
            case "float":
                return DataType.FLOAT;
            case "double":
                return DataType.DOUBLE;
            case "date":
                return DataType.DATE;
            case "timestamp":
                return DataType.TIMESTAMP;
            case "string":
                return DataType.STRING;
            default:
                break;
        }
        Matcher m = DECIMAL.matcher(t);
        if (m.matches()) {
            try {
                int precision = Integer.parseInt(m.group(1));
                int scale = m.group(2) == null ? 0 : Integer.parseInt(m.group(2));
                return DataType.decimal(precision, scale);
            } catch (NumberFormatException e) {
                throw new InvalidOptionException("column '" + column + "': decimal precision or scale too large in '" + text + "'");
            } catch (InvalidOptionException e) {
                throw new InvalidOptionException("column '" + column + "': " + e.getMessage());
            }
        }
        throw new InvalidOptionException("column '" + column + "' has unknown type '" + text + "'; the types are "
                + TYPES);
    }

    /** Splits at commas outside parentheses, so decimal(7,2) stays whole. */
    private static List<String> splitTopLevel(String spec) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < spec.length(); i++) {
            char c = spec.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == ',' && depth == 0) {
                parts.add(spec.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(spec.substring(start));
        List<String> nonBlank = new ArrayList<>();
        for (String p : parts) {
            if (!p.isBlank()) {
                nonBlank.add(p);
            }
        }
        return nonBlank;
    }
}
