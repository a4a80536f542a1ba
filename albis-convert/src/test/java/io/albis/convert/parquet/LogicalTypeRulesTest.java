package io.albis.convert.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.convert.AlbisRows;
import io.albis.convert.ConvertInputException;
import io.albis.convert.ConvertOptions;
import io.albis.error.SchemaMismatchException;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Parquet logical types Albis has no type for, each by the rule the README's conversion table
 * names: the Albis type it widens to, its values against parquet-java's reader (extremes, a
 * middle value and a null), the type a conversion back to Parquet writes, and the refusals.
 */
class LogicalTypeRulesTest {
    /** Column, Albis type, and the Parquet type AlbisToParquet writes back, one rule each. */
    private static final String[][] RULES = {
        {"u8", "short", "optional int32 u8 (INTEGER(16,true))"},
        {"u16", "int", "optional int32 u16"},
        {"u32", "long", "optional int64 u32"},
        {"u64", "decimal(20,0)", "optional fixed_len_byte_array(9) u64 (DECIMAL(20,0))"},
        {"t_ms", "long", "optional int64 t_ms"},
        {"t_us", "long", "optional int64 t_us"},
        {"t_ns", "long", "optional int64 t_ns"},
        {"uuid", "binary", "optional binary uuid"},
        {"json", "string", "optional binary json (STRING)"},
        {"enm", "string", "optional binary enm (STRING)"},
        {"bson", "binary", "optional binary bson"},
        {"iv", "binary", "optional binary iv"},
        {"flba", "binary", "optional binary flba"},
        {"geom", "binary", "optional binary geom"},
        {"geog", "binary", "optional binary geog"},
        {"nothing", "int", "optional int32 nothing"},
    };

    @TempDir
    Path dir;

    static MessageType schema() {
        MessageType parsed = MessageTypeParser.parseMessageType("""
                message m {
                  required int32 id;
                  optional int32 u8 (INTEGER(8,false));
                  optional int32 u16 (INTEGER(16,false));
                  optional int32 u32 (INTEGER(32,false));
                  optional int64 u64 (INTEGER(64,false));
                  optional int32 t_ms (TIME(MILLIS,true));
                  optional int64 t_us (TIME(MICROS,false));
                  optional int64 t_ns (TIME(NANOS,true));
                  optional fixed_len_byte_array(16) uuid (UUID);
                  optional binary json (JSON);
                  optional binary enm (ENUM);
                  optional binary bson (BSON);
                  optional fixed_len_byte_array(12) iv (INTERVAL);
                  optional fixed_len_byte_array(7) flba;
                }
                """);
        List<Type> fields = new ArrayList<>(parsed.getFields());
        fields.add(Types.optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.geometryType("OGC:CRS84")).named("geom"));
        fields.add(Types.optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.geographyType()).named("geog"));
        fields.add(Types.optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.unknownType()).named("nothing"));
        return new MessageType("m", fields);
    }

    /** The smallest values, the largest, one in the middle, and nulls. */
    static List<Group> rows(MessageType schema) {
        SimpleGroupFactory f = new SimpleGroupFactory(schema);
        List<Group> rows = new ArrayList<>();
        rows.add(f.newGroup().append("id", 0).append("u8", 0).append("u16", 0).append("u32", 0).append("u64", 0L)
                .append("t_ms", 0).append("t_us", 0L).append("t_ns", 0L).append("uuid", bytes(16, 0))
                .append("json", "{}").append("enm", "A").append("bson", bytes(5, 0)).append("iv", bytes(12, 0))
                .append("flba", bytes(7, 0)).append("geom", point(0, 0)).append("geog", point(-180, -90)));
        rows.add(f.newGroup().append("id", 1).append("u8", 255).append("u16", 65535).append("u32", -1).append("u64", -1L)
                .append("t_ms", 86_399_999).append("t_us", 86_399_999_999L).append("t_ns", 86_399_999_999_000L)
                .append("uuid", bytes(16, 0xff)).append("json", "{\"k\": [1, \"ü\"]}").append("enm", "ÄÖÜ")
                .append("bson", bytes(40, 0xff)).append("iv", interval(-1, -1, -1)).append("flba", bytes(7, 0xff))
                .append("geom", point(1e300, -1e300)).append("geog", point(180, 90)).append("nothing", 7));
        rows.add(f.newGroup().append("id", 2).append("u8", 128).append("u16", 32768).append("u32", Integer.MIN_VALUE)
                .append("u64", Long.MIN_VALUE).append("t_ms", 43_200_000).append("t_us", 43_200_000_001L)
                .append("t_ns", 43_200_000_001_000L).append("uuid", uuid(0x123e4567e89b12d3L, 0xa456426614174000L))
                .append("json", "[]").append("enm", "B").append("bson", bytes(9, 0x42)).append("iv", interval(14, 30, 1000))
                .append("flba", bytes(7, 0x80)).append("geom", point(8.5, 47.4)).append("geog", point(8.5, 47.4)));
        rows.add(f.newGroup().append("id", 3));
        return rows;
    }

    /** Writes the rows of {@link #schema()} to rules.parquet and converts them into table t. */
    private String convertRules() throws Exception {
        MessageType schema = schema();
        Path file = dir.resolve("rules.parquet");
        ParquetFixtures.write(file, schema, rows(schema));
        String out = dir.resolve("t").toString();
        ParquetToAlbis.convert(file.toString(), LocalStorage.INSTANCE, out, ConvertOptions.defaults());
        return out;
    }

    @Test
    void eachTypeWidensByItsRuleToTheValuesParquetJavaReads() throws Exception {
        AlbisTable table = AlbisTable.open(convertRules());

        Map<String, DataType> types = new LinkedHashMap<>();
        for (Field f : table.schema().fields()) {
            types.put(f.name(), f.type());
        }
        for (String[] rule : RULES) {
            assertEquals(rule[1], types.get(rule[0]).toString(), rule[0]);
        }
        ParquetFixtures.assertRowsMatch(ParquetFixtures.read(dir.resolve("rules.parquet")), schema(), table);
    }

    @Test
    void convertingBackToParquetKeepsTheWidenedType() throws Exception {
        String t = convertRules();
        Path back = dir.resolve("back.parquet");
        AlbisToParquet.convert(AlbisTable.open(t), back.toString(), ConvertOptions.defaults());

        MessageType written;
        try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(back))) {
            written = r.getFooter().getFileMetaData().getSchema();
        }
        for (String[] rule : RULES) {
            assertEquals(MessageTypeParser.parseMessageType("message m { " + rule[2] + "; }").getType(0),
                    written.getType(rule[0]), rule[0]);
        }
        // The values parquet-java reads back are the Albis table's.
        List<Group> read = ParquetFixtures.read(back);
        List<Map<String, Object>> albis = AlbisRows.rows(AlbisTable.open(t));
        assertEquals(albis.size(), read.size());
        for (int i = 0; i < read.size(); i++) {
            AlbisRows.assertSameRow(albis.get(i), ParquetFixtures.expected(read.get(i), written), "row " + i);
        }
    }

    @Test
    void timeInNanosecondsFinerThanAMicrosecondIsRefused() throws Exception {
        MessageType schema = MessageTypeParser.parseMessageType("message m { optional int64 t (TIME(NANOS,true)); }");
        SimpleGroupFactory f = new SimpleGroupFactory(schema);
        Path file = dir.resolve("tns.parquet");
        ParquetFixtures.write(file, schema, List.of(f.newGroup().append("t", 5_000L), f.newGroup().append("t", 5_001L)));
        ConvertInputException e = assertThrows(ConvertInputException.class, () -> ParquetToAlbis.convert(file.toString(),
                LocalStorage.INSTANCE, dir.resolve("t").toString(), ConvertOptions.defaults()));
        for (String part : List.of(file.toString(), "row 2", "column 't'", "TIME(NANOS)", "5001", "microseconds")) {
            assertTrue(e.getMessage().contains(part), "'" + part + "' missing from: " + e.getMessage());
        }
    }

    @Test
    void aVariantGroupIsRefusedInOneLineNamingTheColumn() {
        MessageType schema = new MessageType("m", Types.optionalGroup().as(LogicalTypeAnnotation.variantType((byte) 1))
                .required(PrimitiveTypeName.BINARY).named("metadata").required(PrimitiveTypeName.BINARY).named("value")
                .named("v"));
        SchemaMismatchException e = assertThrows(SchemaMismatchException.class, () -> ParquetSchemas.toAlbis(schema));
        assertTrue(e.getMessage().contains("'v'") && e.getMessage().contains("VARIANT"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    private static Binary bytes(int n, int value) {
        byte[] b = new byte[n];
        java.util.Arrays.fill(b, (byte) value);
        return Binary.fromConstantByteArray(b);
    }

    private static Binary uuid(long high, long low) {
        return Binary.fromConstantByteArray(ByteBuffer.allocate(16).putLong(high).putLong(low).array());
    }

    /** INTERVAL: months, days and milliseconds, each an unsigned little-endian 32-bit integer. */
    private static Binary interval(int months, int days, int millis) {
        return Binary.fromConstantByteArray(ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN)
                .putInt(months).putInt(days).putInt(millis).array());
    }

    /** A WKB point, little-endian. */
    private static Binary point(double x, double y) {
        return Binary.fromConstantByteArray(ByteBuffer.allocate(21).order(ByteOrder.LITTLE_ENDIAN)
                .put((byte) 1).putInt(1).putDouble(x).putDouble(y).array());
    }
}
