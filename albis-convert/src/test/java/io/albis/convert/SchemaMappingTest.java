package io.albis.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.error.SchemaMismatchException;
import io.albis.schema.DataType;
import io.albis.schema.Field;
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
        List<Field> fields = AlbisToParquetTest.everyAlbisType().fields();
        MessageType parquet = ParquetSchemas.toParquet(fields);
        assertEquals(ParquetSchemas.MESSAGE_NAME, parquet.getName());
        assertEquals(fields, ParquetSchemas.toAlbis(parquet));
    }

    @Test
    void everyAlbisTypeRoundTripsThroughOrcAsNullable() {
        List<Field> fields = AlbisToParquetTest.everyAlbisType().fields();
        assertEquals(nullable(fields), OrcSchemas.toAlbis(OrcSchemas.toOrc(fields)));
    }

    /** ORC has no required fields: every field, at every depth, comes back nullable. */
    private static List<Field> nullable(List<Field> fields) {
        List<Field> out = new ArrayList<>();
        for (Field f : fields) {
            DataType t = f.type().isStruct() ? DataType.struct(nullable(f.type().fields())) : f.type();
            out.add(Field.of(f.name(), t));
        }
        return out;
    }

    @Test
    void typesWithoutAnAlbisEquivalentAreRefusedNamingTheColumn() {
        MessageType list = MessageTypeParser.parseMessageType("message m { required int32 id; optional group tags (LIST) {"
                + " repeated group list { optional binary element (STRING); } } }");
        SchemaMismatchException p = assertThrows(SchemaMismatchException.class, () -> ParquetSchemas.toAlbis(list));
        assertTrue(p.getMessage().contains("'tags'") && p.getMessage().contains("LIST"), p.getMessage());

        TypeDescription map = TypeDescription.fromString("struct<id:int,st:struct<m:map<string,int>>>");
        SchemaMismatchException o = assertThrows(SchemaMismatchException.class, () -> OrcSchemas.toAlbis(map));
        assertTrue(o.getMessage().contains("'st.m'") && o.getMessage().contains("map"), o.getMessage());
        SchemaMismatchException root = assertThrows(SchemaMismatchException.class,
                () -> OrcSchemas.toAlbis(TypeDescription.fromString("array<int>")));
        assertTrue(root.getMessage().contains("'_col0'") && root.getMessage().contains("root"), root.getMessage());
    }
}
