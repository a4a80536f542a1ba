package io.albis.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.albis.read.AlbisReader;
import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;

/**
 * One JSON object per row (JSON Lines). Keys are field names with structs as nested objects;
 * lists are arrays and maps objects whose keys are their keys' text ({@link ValueText#text});
 * strings stay strings, binary is base64, dates and timestamps use {@link ValueText}, decimals
 * are exact strings, floating-point values are numbers except NaN and the infinities, which are
 * the strings "NaN", "Infinity" and "-Infinity".
 */
final class JsonLinesWriter implements RowWriter {
    private final JsonGenerator json;

    JsonLinesWriter(Writer out) throws IOException {
        // No separator between root values: each row ends with its own newline.
        this.json = new JsonFactory().setRootValueSeparator(null).createGenerator(out);
        json.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
    }

    @Override
    public void write(AlbisReader row) throws IOException {
        writeObject(row.toNestedMap());
        json.writeRaw('\n');
    }

    /** A struct (keys are field names) or a map (keys of any type, written as their text). */
    private void writeObject(Map<?, ?> map) throws IOException {
        json.writeStartObject();
        for (Map.Entry<?, ?> e : map.entrySet()) {
            json.writeFieldName(ValueText.text(e.getKey()));
            writeValue(e.getValue());
        }
        json.writeEndObject();
    }

    private void writeValue(Object v) throws IOException {
        if (v == null) {
            json.writeNull();
        } else if (v instanceof Map<?, ?> m) {
            writeObject(m);
        } else if (v instanceof List<?> l) {
            json.writeStartArray();
            for (Object e : l) {
                writeValue(e);
            }
            json.writeEndArray();
        } else if (v instanceof Boolean b) {
            json.writeBoolean(b);
        } else if (v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long) {
            json.writeNumber(((Number) v).longValue());
        } else if (v instanceof Float f) {
            if (Float.isFinite(f)) {
                json.writeNumber(f);
            } else {
                json.writeString(f.toString());
            }
        } else if (v instanceof Double d) {
            if (Double.isFinite(d)) {
                json.writeNumber(d);
            } else {
                json.writeString(d.toString());
            }
        } else if (v instanceof BigDecimal d) {
            json.writeString(ValueText.decimal(d));
        } else if (v instanceof LocalDate d) {
            json.writeString(ValueText.date(d));
        } else if (v instanceof Instant || v instanceof LocalDateTime) {
            json.writeString(ValueText.text(v));
        } else if (v instanceof byte[] b) {
            json.writeString(ValueText.binary(b));
        } else if (v instanceof String s) {
            json.writeString(s);
        } else {
            throw new IllegalStateException("no JSON form for " + v.getClass().getName());
        }
    }

    @Override
    public void close() throws IOException {
        json.close();
    }
}
