package io.albis.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.error.InvalidOptionException;
import io.albis.error.SchemaMismatchException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The one reader of column group specs (CLI, Spark source, conversion job) and how a spec lays out a schema. */
class ColumnGroupSpecTest {

    /** id, a nullable struct st {x, y} (a marker and two leaves), a list and a string. */
    private static final List<Field> FIELDS = List.of(Field.of("id", DataType.LONG),
            Field.of("st", DataType.struct(Field.of("x", DataType.INT), Field.of("y", DataType.STRING))),
            Field.of("arr", DataType.list(DataType.INT, true)), Field.of("s", DataType.STRING));

    @Test
    void parsesTheThreeForms() {
        assertSame(ColumnGroupSpec.SINGLE, ColumnGroupSpec.parse("single"));
        assertSame(ColumnGroupSpec.COLUMN, ColumnGroupSpec.parse(" COLUMN "));
        ColumnGroupSpec named = ColumnGroupSpec.parse("keys = a, b ; money=c;");
        assertEquals(Map.of("keys", List.of("a", "b"), "money", List.of("c")), named.groups());
        assertEquals(List.of("keys", "money"), List.copyOf(named.groups().keySet()));
        assertEquals("keys=a,b;money=c", named.toString());
        assertNull(ColumnGroupSpec.SINGLE.groups());
        assertTrue(ColumnGroupSpec.COLUMN.columnPerGroup());
        assertEquals("single", ColumnGroupSpec.SINGLE.toString());
        assertEquals("column", ColumnGroupSpec.COLUMN.toString());
    }

    @Test
    void badTextIsRefusedSayingWhy() {
        Map<String, String> why = Map.of("", "no groups given", ";", "no groups given", "a", "has no '='",
                "=a", "no name before '='", "a=", "group 'a' is empty", "a=b,,c", "group 'a' has an empty column name",
                "a=b;a=c", "group 'a' is named twice", "rest=a", "'rest' is reserved");
        why.forEach((text, reason) -> {
            InvalidOptionException e = assertThrows(InvalidOptionException.class, () -> ColumnGroupSpec.parse(text), text);
            assertTrue(e.getMessage().startsWith("bad column groups '" + text + "': ") && e.getMessage().contains(reason),
                    e.getMessage());
            assertTrue(e.getMessage().endsWith("(use single, column, or name1=a,b;name2=c)"), e.getMessage());
        });
    }

    @Test
    void namedGroupsTakeWholeStructsByTheirTopLevelNameAndLeaveTheRestToRest() {
        Schema s = ColumnGroupSpec.parse("g=st,id").schemaOf(FIELDS);
        assertEquals(List.of("g", "rest"), s.groups().stream().map(ColumnGroup::name).toList());
        assertEquals(s.groupOf(s.columnIndex("st.x")), s.groupOf(s.columnIndex("id")));
        assertEquals(1, s.groupOf(s.columnIndex("arr")));
        assertEquals(5, ColumnGroupSpec.COLUMN.schemaOf(FIELDS).groups().size() - 1); // 6 columns: the marker too
    }

    @Test
    void columnsTheSchemaLacksOrListedTwiceAreRefusedNamingThem() {
        SchemaMismatchException unknown = assertThrows(SchemaMismatchException.class,
                () -> ColumnGroupSpec.parse("g=id,nosuch").schemaOf(FIELDS));
        assertTrue(unknown.getMessage().contains("unknown column 'nosuch'")
                && unknown.getMessage().contains("the columns are id, st, arr, s"), unknown.getMessage());
        InvalidOptionException twice = assertThrows(InvalidOptionException.class,
                () -> ColumnGroupSpec.parse("g=st;h=st.y").schemaOf(FIELDS));
        assertTrue(twice.getMessage().contains("column st.y is listed in two column groups"), twice.getMessage());
    }

    @Test
    void laysOutComparesGroupsNotHowTheyWereSpelled() {
        Schema named = ColumnGroupSpec.parse("g=st,id;h=s").schemaOf(FIELDS);
        assertTrue(ColumnGroupSpec.parse("g=id,st;h=s;").laysOut(named), "order within a group is storage order");
        assertFalse(ColumnGroupSpec.parse("g=id,st.x,st.y;h=s").laysOut(named), "the struct's marker goes to rest");
        assertFalse(ColumnGroupSpec.parse("g=id,st.x,st;h=s").laysOut(named), "st.x twice: not a layout");
        assertFalse(ColumnGroupSpec.parse("h=s;g=id,st").laysOut(named), "group order counts");
        assertFalse(ColumnGroupSpec.parse("g=id,st").laysOut(named));
        assertFalse(ColumnGroupSpec.parse("g2=st,id;h=s").laysOut(named), "group names count");
        assertFalse(ColumnGroupSpec.parse("g=nosuch").laysOut(named));
        assertFalse(ColumnGroupSpec.SINGLE.laysOut(named));
        assertTrue(ColumnGroupSpec.SINGLE.laysOut(Schema.builder().fields(FIELDS).build()));
        assertFalse(ColumnGroupSpec.COLUMN.laysOut(Schema.builder().fields(FIELDS).build()));
    }

    @Test
    void ofGivesTheSpecThatLaysOutASchemaAsItIs() {
        for (String text : List.of("single", "column", "g=st,id;h=s", "g=st.x", "g=s,arr,id,st", "only=st")) {
            Schema s = ColumnGroupSpec.parse(text).schemaOf(FIELDS);
            ColumnGroupSpec of = ColumnGroupSpec.of(s);
            assertTrue(of.laysOut(s), text + " -> " + of);
            assertEquals(of.toString(), ColumnGroupSpec.describe(s));
        }
        assertEquals("g=id,st;h=s", ColumnGroupSpec.of(ColumnGroupSpec.parse("g=st,id;h=s").schemaOf(FIELDS)).toString());
        assertEquals("g=st.x", ColumnGroupSpec.of(ColumnGroupSpec.parse("g=st.x").schemaOf(FIELDS)).toString());
        assertEquals("all=id,st,arr,s", ColumnGroupSpec.of(ColumnGroupSpec.parse("all=s,arr,id,st").schemaOf(FIELDS)).toString());
    }

    @Test
    void aLayoutNoSpecCanWriteIsDescribedGroupByGroup() {
        // group names the spec's syntax cannot carry, as the Java API allows them
        Schema s = Schema.builder().fields(FIELDS).groups(Map.of("a;b", List.of("id"))).build();
        assertNull(ColumnGroupSpec.of(s));
        assertEquals("a;b=id;rest=st,st.x,st.y,arr,s", ColumnGroupSpec.describe(s));
    }
}
