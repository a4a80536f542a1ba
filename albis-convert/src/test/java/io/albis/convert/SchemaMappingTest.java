package io.albis.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.convert.orc.OrcSchemas;
import io.albis.convert.parquet.ParquetSchemas;
import io.albis.error.SchemaMismatchException;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.testing.RandomTables;
import java.util.ArrayList;
import java.util.List;
import org.apache.orc.TypeDescription;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;

/** The public type mapping: each Albis type survives a round trip; what has no Albis type is refused by name. */
class SchemaMappingTest {
    @Test
    void everyAlbisTypeRoundTripsThroughParquet() {
        List<Field> fields = RandomAlbisTables.everyAlbisType().fields();
        MessageType parquet = ParquetSchemas.toParquet(fields);
        assertEquals(ParquetSchemas.MESSAGE_NAME, parquet.getName());
        assertEquals(fields, ParquetSchemas.toAlbis(parquet));
    }

    @Test
    void everyAlbisTypeRoundTripsThroughOrcAsNullable() {
        List<Field> fields = RandomAlbisTables.everyAlbisType().fields();
        assertEquals(nullable(fields), OrcSchemas.toAlbis(OrcSchemas.toOrc(fields)));
    }

    /** ORC has no required fields: every field, element and map value, at every depth, comes back nullable. */
    static List<Field> nullable(List<Field> fields) {
        List<Field> out = new ArrayList<>();
        for (Field f : fields) {
            out.add(Field.of(f.name(), nullable(f.type())));
        }
        return out;
    }

    private static DataType nullable(DataType t) {
        return switch (t.id()) {
            case STRUCT -> DataType.struct(nullable(t.fields()));
            case LIST -> DataType.list(nullable(t.elementField().type()), true);
            case MAP -> DataType.map(nullable(t.keyField().type()), nullable(t.valueField().type()), true);
            default -> t;
        };
    }

    @Test
    void nestedTypesRoundTripThroughBothMappings() {
        RandomTables rt = new RandomTables(17);
        for (int i = 0; i < 300; i++) {
            List<Field> fields = List.of(new Field("c", rt.randomNestedType(0), rt.random().nextBoolean()),
                    Field.of("s", DataType.struct(Field.required("l", rt.randomNestedType(0)))),
                    Field.required("n", DataType.TIMESTAMP_NTZ));
            assertEquals(fields, ParquetSchemas.toAlbis(ParquetSchemas.toParquet(fields)));
            assertEquals(nullable(fields), OrcSchemas.toAlbis(OrcSchemas.toOrc(fields)));
        }
    }

    @Test
    void listsMapsAndTimestampsWithoutTimeZoneAreWrittenInTheStandardParquetLayouts() {
        List<Field> fields = List.of(
                Field.of("tags", DataType.list(DataType.STRING, false)),
                Field.required("props", DataType.map(DataType.STRING, DataType.list(DataType.TIMESTAMP_NTZ, true), true)),
                Field.of("pts", DataType.list(DataType.struct(Field.required("x", DataType.DOUBLE)), true)),
                Field.of("seen", DataType.TIMESTAMP_NTZ));
        MessageType expected = MessageTypeParser.parseMessageType("""
                message albis {
                  optional group tags (LIST) { repeated group list { required binary element (STRING); } }
                  required group props (MAP) { repeated group key_value { required binary key (STRING);
                    optional group value (LIST) { repeated group list { optional int64 element (TIMESTAMP(MICROS,false)); } } } }
                  optional group pts (LIST) { repeated group list { optional group element { required double x; } } }
                  optional int64 seen (TIMESTAMP(MICROS,false));
                }
                """);
        assertEquals(expected, ParquetSchemas.toParquet(fields));
    }

    @Test
    void typesWithoutAnAlbisEquivalentAreRefusedNamingTheColumn() {
        MessageType set = MessageTypeParser.parseMessageType("message m { required int32 id; optional group tags (MAP) {"
                + " repeated group key_value { required binary key (STRING); } } }");
        SchemaMismatchException p = assertThrows(SchemaMismatchException.class, () -> ParquetSchemas.toAlbis(set));
        assertTrue(p.getMessage().contains("'tags'") && p.getMessage().contains("MAP"), p.getMessage());

        TypeDescription map = TypeDescription.fromString("struct<id:int,st:struct<m:map<map<string,int>,int>>>");
        SchemaMismatchException o = assertThrows(SchemaMismatchException.class, () -> OrcSchemas.toAlbis(map));
        assertTrue(o.getMessage().contains("'st.m'") && o.getMessage().contains("map"), o.getMessage());
        SchemaMismatchException root = assertThrows(SchemaMismatchException.class,
                () -> OrcSchemas.toAlbis(TypeDescription.fromString("map<map<string,int>,int>")));
        assertTrue(root.getMessage().contains("'_col0'") && root.getMessage().contains("root"), root.getMessage());
    }
}
