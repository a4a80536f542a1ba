package io.albis.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.convert.parquet.ParquetFixtures;
import io.albis.convert.parquet.ParquetToAlbis;
import io.albis.error.InvalidOptionException;
import io.albis.error.SchemaMismatchException;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.table.TableVerifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Appending a source to an existing table: the rows after the table's, checked against parquet-java; mismatches refused by column. */
class AppendTest {
    @TempDir
    Path dir;

    private static final MessageType NARROW = MessageTypeParser.parseMessageType(
            "message m { required int32 a; optional int64 b; }");

    private String file(String name, MessageType schema, int rows, long seed) throws Exception {
        Path f = dir.resolve(name);
        ParquetFixtures.write(f, schema, ParquetFixtures.randomRows(schema, rows, seed));
        return f.toString();
    }

    private String table(String source, ConvertOptions options) throws Exception {
        String out = dir.resolve("t").toString();
        ParquetToAlbis.convert(source, LocalStorage.INSTANCE, out, options);
        return out;
    }

    @Test
    void appendedRowsFollowTheTablesRowsUnderItsColumnGroups() throws Exception {
        MessageType schema = ParquetFixtures.fullSchema();
        String first = file("a.parquet", schema, 900, 1);
        String second = file("b.parquet", schema, 1200, 2);
        String t = table(first, SmallTables.options().withColumnPerGroup(true));
        var groups = AlbisTable.open(t).schema().groups();

        ConvertResult r = ParquetToAlbis.convert(second, LocalStorage.INSTANCE, t,
                SmallTables.options().withAppend(true));

        assertEquals(1200, r.rows());
        AlbisTable table = AlbisTable.open(t);
        assertEquals(groups, table.schema().groups(), "the table's column groups");
        List<Group> expected = new ArrayList<>(ParquetFixtures.read(Path.of(first)));
        expected.addAll(ParquetFixtures.read(Path.of(second)));
        ParquetFixtures.assertRowsMatch(expected, schema, table);
        assertEquals(List.of(), TableVerifier.verify(table));
    }

    @Test
    void aSourceWithOtherColumnsIsRefusedNamingThemAndTheTableIsUnchanged() throws Exception {
        String t = table(file("a.parquet", NARROW, 50, 1), ConvertOptions.defaults());
        String other = file("o.parquet", MessageTypeParser.parseMessageType(
                "message m { required int32 a; optional binary extra (UTF8); }"), 5, 2);
        SchemaMismatchException e = assertThrows(SchemaMismatchException.class,
                () -> ParquetToAlbis.convert(other, LocalStorage.INSTANCE, t, ConvertOptions.defaults().withAppend(true)));
        assertTrue(e.getMessage().contains("not in the source: b"), e.getMessage());
        assertTrue(e.getMessage().contains("not in the table: extra"), e.getMessage());
        AlbisTable table = AlbisTable.open(t);
        assertEquals(50, table.rowCount());
        assertEquals(List.of(), TableVerifier.verify(table));
    }

    @Test
    void typesNullabilityAndOrderMustMatch() throws Exception {
        String t = table(file("a.parquet", NARROW, 20, 1), ConvertOptions.defaults());
        ConvertOptions append = ConvertOptions.defaults().withAppend(true);
        String nullable = file("n.parquet", MessageTypeParser.parseMessageType(
                "message m { optional int32 a; optional int64 b; }"), 5, 2);
        String narrower = file("w.parquet", MessageTypeParser.parseMessageType(
                "message m { required int32 a; optional int32 b; }"), 5, 3);
        String reordered = file("r.parquet", MessageTypeParser.parseMessageType(
                "message m { optional int64 b; required int32 a; }"), 5, 4);
        assertTrue(refusal(nullable, t, append).contains("a is NOT NULL in the table but may be null in the source"));
        String type = refusal(narrower, t, append);
        assertTrue(type.contains("b is ") && type.contains(" in the table but ") && type.contains(" in the source"), type);
        assertTrue(refusal(reordered, t, append).contains("another order"));

        // A source that cannot hold nulls fits a nullable column.
        String strict = file("s.parquet", MessageTypeParser.parseMessageType(
                "message m { required int32 a; required int64 b; }"), 7, 5);
        ParquetToAlbis.convert(strict, LocalStorage.INSTANCE, t, append);
        assertEquals(27, AlbisTable.open(t).rowCount());
    }

    private static String refusal(String source, String table, ConvertOptions options) {
        return assertThrows(SchemaMismatchException.class,
                () -> ParquetToAlbis.convert(source, LocalStorage.INSTANCE, table, options)).getMessage();
    }

    @Test
    void anAppendTakesNoColumnGroupsAndNeedsATable() throws Exception {
        InvalidOptionException e = assertThrows(InvalidOptionException.class,
                () -> ConvertOptions.defaults().withColumnPerGroup(true).withAppend(true));
        assertTrue(e.getMessage().contains("column groups"), e.getMessage());
        String source = file("a.parquet", NARROW, 3, 1);
        String missing = dir.resolve("none").toString();
        Exception noTable = assertThrows(Exception.class,
                () -> ParquetToAlbis.convert(source, LocalStorage.INSTANCE, missing, ConvertOptions.defaults().withAppend(true)));
        assertTrue(noTable.getMessage().contains(missing), noTable.getMessage());
    }
}
