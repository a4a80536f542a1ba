package io.albis.bench.format.json;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.io.SerializedString;
import io.albis.bench.format.FlatColumn;
import io.albis.bench.format.PartFiles;
import io.albis.bench.format.ReadPlan;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.RowByRowFormat;
import io.albis.bench.format.ValueTotals;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.schema.DataType;
import io.albis.schema.TypeId;
import io.albis.table.AlbisTable;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * JSON lines with Jackson's streaming API: one object per row, every column in schema order
 * (null written as {@code null}), decimals as exact plain numbers read back to their unscaled
 * value, binary as base64. The column types are stored next to the parts in {@code schema.json}.
 */
public final class JsonLinesFormat extends RowByRowFormat {
    /** Jackson's fast double parser and writer: both exact (shortest round-trip text, correctly rounded parse). */
    private static final JsonFactory FACTORY = JsonFactory.builder().enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
            .enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER).build();

    public JsonLinesFormat() {
        super("json", "jsonl");
    }

    @Override
    protected PartWriter startWrite(AlbisTable source, List<FlatColumn> columns, Path dir) throws IOException {
        for (FlatColumn c : columns) {
            if (c.type().isWideDecimal()) {
                throw new IllegalArgumentException("column " + c.name() + ": json holds decimals of at most 18 digits");
            }
        }
        JsonSchemaFile.write(dir, columns);
        return (rowGroup, file) -> writePart(source, rowGroup, columns, file);
    }

    private static void writePart(AlbisTable source, int rowGroup, List<FlatColumn> columns, Path file)
            throws IOException {
        int n = columns.size();
        SerializedString[] names = new SerializedString[n];
        for (int c = 0; c < n; c++) {
            names[c] = new SerializedString(columns.get(c).name());
        }
        byte[] scratch = new byte[256];
        try (AlbisReader reader = source.newReader(ReadOptions.all().withRowGroups(rowGroup));
                OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
                JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            g.setRootValueSeparator(new SerializedString("\n"));
            while (reader.advance()) {
                g.writeStartObject();
                for (int c = 0; c < n; c++) {
                    g.writeFieldName(names[c]);
                    if (reader.isNull(c)) {
                        g.writeNull();
                        continue;
                    }
                    DataType t = columns.get(c).type();
                    switch (t.id()) {
                        case BOOLEAN -> g.writeBoolean(reader.getBoolean(c));
                        case BYTE -> g.writeNumber(reader.getByte(c));
                        case SHORT -> g.writeNumber(reader.getShort(c));
                        case INT, DATE -> g.writeNumber(reader.getInt(c));
                        case LONG, TIMESTAMP -> g.writeNumber(reader.getLong(c));
                        case FLOAT -> g.writeNumber(reader.getFloat(c));
                        case DOUBLE -> g.writeNumber(reader.getDouble(c));
                        case DECIMAL -> g.writeNumber(DecimalText.format(reader.getDecimalUnscaled(c), t.scale()));
                        case STRING -> g.writeString(reader.getString(c));
                        case BINARY -> {
                            int len = reader.getBytesLength(c);
                            if (scratch.length < len) {
                                scratch = new byte[Math.max(len, scratch.length * 2)];
                            }
                            reader.copyBytes(c, scratch, 0);
                            g.writeBinary(scratch, 0, len);
                        }
                        case STRUCT -> throw new IllegalStateException("flat tables have no structs");
                        case TIMESTAMP_NTZ, LIST, MAP -> throw new IllegalStateException("bench tables are flat and have no " + "timestamp_ntz, list or map columns");
                    }
                }
                g.writeEndObject();
            }
            g.writeRaw('\n');
        }
    }

    @Override
    protected PartFiles.Reader<ValueTotals> startRead(Path dir, ReadSpec spec) throws IOException {
        ReadPlan plan = ReadPlan.of(JsonSchemaFile.read(dir), spec);
        return (file, totals) -> readPart(file, plan, totals);
    }

    private static void readPart(Path file, ReadPlan plan, ValueTotals totals) throws IOException {
        List<FlatColumn> columns = plan.columns();
        int n = columns.size();
        SerializedString[] names = new SerializedString[n];
        TypeId[] types = new TypeId[n];
        int[] scales = new int[n];
        boolean[] projected = plan.projected();
        for (int c = 0; c < n; c++) {
            names[c] = new SerializedString(columns.get(c).name());
            types[c] = columns.get(c).type().id();
            scales[c] = columns.get(c).type().scale();
        }
        int filter = plan.filterColumn();
        long filterMax = plan.filterMax();
        long row = 0;
        try (JsonParser p = FACTORY.createParser(file.toFile())) {
            JsonToken token;
            while ((token = p.nextToken()) != null) {
                if (token != JsonToken.START_OBJECT) {
                    throw corrupt(file, row, "expected '{' to start a row, found " + token);
                }
                boolean keep = true;
                for (int c = 0; c < n; c++) {
                    if (!p.nextFieldName(names[c])) {
                        throw corrupt(file, row, "expected field '" + names[c] + "', found " + p.currentToken()
                                + " " + p.getText());
                    }
                    JsonToken v = p.nextToken();
                    if (c == filter) {
                        // Only non-null values at most filterMax pass; the value still counts only if projected.
                        keep = v != JsonToken.VALUE_NULL && p.getLongValue() <= filterMax;
                    }
                    if (!projected[c]) {
                        p.skipChildren();
                        continue;
                    }
                    if (v == JsonToken.VALUE_NULL) {
                        totals.addNull();
                        continue;
                    }
                    switch (types[c]) {
                        case INT, DATE -> totals.addInt(p.getIntValue());
                        case LONG, TIMESTAMP -> totals.addLong(p.getLongValue());
                        case DECIMAL -> totals.addLong(DecimalText.parse(p.getTextCharacters(), p.getTextOffset(),
                                p.getTextLength(), scales[c]));
                        case DOUBLE -> totals.addDouble(v == JsonToken.VALUE_STRING
                                ? Double.parseDouble(p.getText()) : p.getDoubleValue());
                        // Parsed straight to float: a detour through double could round twice.
                        case FLOAT -> totals.addFloat(Float.parseFloat(p.getText()));
                        case BOOLEAN -> totals.addBoolean(p.getBooleanValue());
                        case BYTE -> totals.addByte((byte) p.getIntValue());
                        case SHORT -> totals.addShort(p.getShortValue());
                        case STRING -> {
                            byte[] utf8 = p.getText().getBytes(StandardCharsets.UTF_8);
                            totals.addBytes(utf8, 0, utf8.length);
                        }
                        case BINARY -> {
                            byte[] b = p.getBinaryValue();
                            totals.addBytes(b, 0, b.length);
                        }
                        case STRUCT -> throw new IllegalStateException("flat tables have no structs");
                        case TIMESTAMP_NTZ, LIST, MAP -> throw new IllegalStateException("bench tables are flat and have no " + "timestamp_ntz, list or map columns");
                    }
                }
                if (p.nextToken() != JsonToken.END_OBJECT) {
                    throw corrupt(file, row, "expected '}' after " + n + " fields, found " + p.currentToken());
                }
                if (keep) {
                    totals.endRow();
                } else {
                    totals.dropRow();
                }
                row++;
            }
        }
    }

    private static IOException corrupt(Path file, long row, String what) {
        return new IOException(file + " row " + row + ": " + what);
    }
}
