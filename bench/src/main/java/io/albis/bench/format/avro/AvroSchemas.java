package io.albis.bench.format.avro;

import io.albis.bench.format.FlatColumn;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.SchemaParseException;

/**
 * Albis columns as an Avro record schema. Nullable columns are unions with null; decimals are
 * bytes with the decimal logical type, dates int/date, timestamps long/timestamp-micros, bytes and
 * shorts ints. Each field keeps its Albis type in the property {@value #ALBIS_TYPE}, which readers
 * need to count logical bytes as Albis does.
 */
final class AvroSchemas {
    static final String ALBIS_TYPE = "albis.type";
    private static final String RECORD = "Row";
    private static final String NAMESPACE = "io.albis.bench";

    private AvroSchemas() {}

    static Schema toAvro(List<FlatColumn> columns, List<Boolean> nullable) {
        List<Schema.Field> fields = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            FlatColumn c = columns.get(i);
            Schema type = valueSchema(c);
            Schema.Field f;
            try {
                f = nullable.get(i)
                        ? new Schema.Field(c.name(), Schema.createUnion(Schema.create(Schema.Type.NULL), type), null,
                                Schema.Field.NULL_DEFAULT_VALUE)
                        : new Schema.Field(c.name(), type);
            } catch (SchemaParseException e) {
                throw new IllegalArgumentException("column name '" + c.name() + "' is not a valid Avro name", e);
            }
            f.addProp(ALBIS_TYPE, c.typeText());
            fields.add(f);
        }
        return Schema.createRecord(RECORD, null, NAMESPACE, false, fields);
    }

    private static Schema valueSchema(FlatColumn c) {
        return switch (c.type().id()) {
            case BOOLEAN -> Schema.create(Schema.Type.BOOLEAN);
            case BYTE, SHORT, INT -> Schema.create(Schema.Type.INT);
            case LONG -> Schema.create(Schema.Type.LONG);
            case FLOAT -> Schema.create(Schema.Type.FLOAT);
            case DOUBLE -> Schema.create(Schema.Type.DOUBLE);
            case DATE -> LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
            case TIMESTAMP -> LogicalTypes.timestampMicros().addToSchema(Schema.create(Schema.Type.LONG));
            case DECIMAL -> {
                if (c.type().isWideDecimal()) {
                    throw new IllegalArgumentException("column " + c.name() + ": the avro adapter holds decimals of"
                            + " at most 18 digits");
                }
                yield LogicalTypes.decimal(c.type().precision(), c.type().scale())
                        .addToSchema(Schema.create(Schema.Type.BYTES));
            }
            case STRING -> Schema.create(Schema.Type.STRING);
            case BINARY -> Schema.create(Schema.Type.BYTES);
            case STRUCT -> throw new IllegalArgumentException("flat tables have no structs");
            case TIMESTAMP_NTZ, LIST, MAP -> throw new IllegalArgumentException("bench tables are flat and have no " + "timestamp_ntz, list or map columns");
        };
    }

    /** The Albis columns of a file's schema, from each field's {@value #ALBIS_TYPE} property. */
    static List<FlatColumn> columns(Schema fileSchema) {
        List<FlatColumn> out = new ArrayList<>();
        for (Schema.Field f : fileSchema.getFields()) {
            String type = f.getProp(ALBIS_TYPE);
            if (type == null) {
                throw new IllegalArgumentException("Avro field " + f.name() + " has no " + ALBIS_TYPE
                        + " property; the file was not written by the benchmark");
            }
            out.add(new FlatColumn(f.name(), FlatColumn.parseType(type)));
        }
        return out;
    }

    /** A reader schema with only the fields at {@code positions} of {@code fileSchema}, in that order. */
    static Schema projection(Schema fileSchema, int[] positions) {
        List<Schema.Field> fields = new ArrayList<>();
        for (int p : positions) {
            fields.add(new Schema.Field(fileSchema.getFields().get(p), fileSchema.getFields().get(p).schema()));
        }
        return Schema.createRecord(fileSchema.getName(), null, fileSchema.getNamespace(), false, fields);
    }
}
