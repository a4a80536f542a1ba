package io.albis.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.error.InvalidOptionException;
import io.albis.error.SchemaMismatchException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The schema edits of evolution: ids never given twice, groups by id, structs as a whole. */
class SchemaChangesTest {
    /** a int, s struct<x int, y string> (nullable: a marker), b long; groups g1=[a, s], rest=[b]. */
    private static Schema schema() {
        return Schema.builder().column("a", DataType.INT)
                .field(Field.of("s", DataType.struct(Field.of("x", DataType.INT), Field.of("y", DataType.STRING))))
                .column("b", DataType.LONG).groups(Map.of("g1", List.of("a", "s"))).build();
    }

    @Test
    void renamingAStructRenamesEveryColumnBelowIt() {
        Schema s = SchemaChanges.rename(schema(), "s", "t");
        assertEquals(List.of("a", "t.x", "t.y", "b"), s.liveColumnNames());
        assertEquals(2, s.version());
        assertEquals(schema().groups(), s.groups());
        assertEquals(List.of("a", "s.z", "s.y", "b"), SchemaChanges.rename(schema(), "s.x", "z").liveColumnNames());
        assertThrows(InvalidOptionException.class, () -> SchemaChanges.rename(schema(), "a", "b"));
        assertThrows(InvalidOptionException.class, () -> SchemaChanges.rename(schema(), "a", "c.d"));
        assertThrows(SchemaMismatchException.class, () -> SchemaChanges.rename(schema(), "nope", "c"));
    }

    @Test
    void addedColumnsTakeNewIdsInOneNewGroupAndMayReuseADroppedName() {
        Schema dropped = SchemaChanges.markDeleted(schema(), "b");
        Schema added = SchemaChanges.addColumns(dropped, List.of(Field.of("b", DataType.STRING),
                Field.of("c", DataType.DOUBLE)), "new");
        assertEquals(List.of("a", "s.x", "s.y", "b", "c"), added.liveColumnNames());
        assertEquals(schema().nextColumnId(), added.column(added.columnIndex("b")).id(), "a new id, not the dropped one's");
        ColumnGroup g = added.groups().get(added.groups().size() - 1);
        assertEquals(schema().nextGroupId(), g.id());
        assertEquals("new", g.name());
        assertEquals(List.of(g), SchemaChanges.newGroups(dropped, added));
        assertThrows(InvalidOptionException.class,
                () -> SchemaChanges.addColumns(schema(), List.of(Field.of("a", DataType.INT)), "x"));
        assertThrows(InvalidOptionException.class,
                () -> SchemaChanges.addColumns(schema(), List.of(Field.of("z", DataType.INT)), "g1"));
    }

    @Test
    void aHeavyDropMakesItsGroupANewOneAndLeavesTheOthers() {
        Schema s = SchemaChanges.remove(schema(), "s");
        assertEquals(List.of("a", "b"), s.liveColumnNames());
        assertEquals(2, s.groups().size());
        ColumnGroup rewritten = s.groups().get(0);
        assertEquals(schema().nextGroupId(), rewritten.id(), "g1 lost columns: a new group");
        assertEquals(schema().groups().get(1).id(), s.groups().get(1).id(), "rest did not change");
        assertEquals(List.of(rewritten), SchemaChanges.newGroups(schema(), s));
        Schema gone = SchemaChanges.remove(schema(), "b");
        assertEquals(1, gone.groups().size(), "a group left without columns goes");
        assertTrue(SchemaChanges.newGroups(schema(), gone).isEmpty(), "nothing to write");
        assertThrows(InvalidOptionException.class, () -> SchemaChanges.remove(SchemaChanges.remove(gone, "s"), "a"),
                "the last column cannot go");
    }

    @Test
    void regroupKeepsTheIdOfAGroupWhoseColumnsStayAndDropsDeletedColumns() {
        Schema lightly = SchemaChanges.markDeleted(schema(), "a");
        Schema s = SchemaChanges.regroup(lightly, ColumnGroupSpec.parse("bs=b"));
        assertEquals(List.of("s.x", "s.y", "b"), s.liveColumnNames());
        assertFalse(s.columns().stream().anyMatch(Column::deleted));
        ColumnGroup bs = s.groups().get(0);
        assertEquals(schema().groups().get(1).id(), bs.id(), "exactly the columns of 'rest': its id and files stay");
        assertEquals("bs", bs.name());
        assertEquals(List.of(s.groups().get(1)), SchemaChanges.newGroups(lightly, s));
    }

    @Test
    void renumberingRaisesTheCountersSoIdsOfUncommittedVersionsStayUnused() {
        Schema s = SchemaChanges.renumbered(schema(), 7, 100, 50);
        assertEquals(7, s.version());
        Schema added = SchemaChanges.addColumns(s, List.of(Field.of("z", DataType.INT)), "z");
        assertEquals(100, added.column(added.columnIndex("z")).id());
        assertEquals(50, added.groups().get(added.groups().size() - 1).id());
        assertEquals(8, added.version());
    }

    @Test
    void aSchemaRefusesAnIdGivenTwiceOrNotBelowTheCounter() {
        Schema s = schema();
        List<ColumnGroup> twice = List.of(s.groups().get(0), new ColumnGroup(s.groups().get(0).id(), "again",
                s.groups().get(1).columns()));
        assertThrows(InvalidOptionException.class, () -> Schema.of(1, s.columns(), twice, s.nextColumnId(),
                s.nextGroupId()));
        assertThrows(InvalidOptionException.class, () -> Schema.of(1, s.columns(), s.groups(), s.nextColumnId(), 1));
        assertThrows(InvalidOptionException.class, () -> Schema.of(1, s.columns(), s.groups(), 2, s.nextGroupId()));
    }
}
