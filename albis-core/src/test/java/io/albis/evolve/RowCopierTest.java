package io.albis.evolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.albis.error.SchemaMismatchException;
import io.albis.read.AlbisReader;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link RowCopier#byName}: a copy into another table, whose fields stand in another order and groups. */
class RowCopierTest {
    private static final WriterOptions OPTIONS = WriterOptions.defaults().withSegmentSize(4096);

    @TempDir
    Path dir;

    private static final List<Field> FIELDS = List.of(
            new Field("id", DataType.INT, false),
            Field.of("s", DataType.struct(Field.of("x", DataType.LONG), Field.of("ntz", DataType.TIMESTAMP_NTZ))),
            Field.of("l", DataType.list(DataType.INT, true)),
            Field.of("w", DataType.decimal(30, 4)),
            Field.of("name", DataType.STRING));

    @Test
    void copiesEveryKindOfColumnByName() throws IOException {
        String source = dir.resolve("source").toString();
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, source, Schema.builder().fields(FIELDS).build(),
                OPTIONS)) {
            for (int i = 0; i < 10; i++) {
                boolean present = i % 4 != 0; // the struct s, and so its fields
                Object[] row = {i, present ? true : null, present ? i * 10L : null,
                    present ? LocalDateTime.of(2024, 1, 1 + i, 12, 0) : null, i % 3 == 0 ? null : Arrays.asList(i, null, -i),
                    BigDecimal.valueOf(i).movePointLeft(4).add(new BigDecimal("98765432109876543210.5")),
                    i % 5 == 0 ? null : "n" + i};
                for (int c = 0; c < row.length; c++) {
                    w.setValue(c, row[c]);
                }
                w.nextRow();
            }
        }
        List<Field> reversed = new ArrayList<>(FIELDS);
        Collections.reverse(reversed);
        Schema target = Schema.builder().fields(reversed).groups(Map.of("g", List.of("s", "id"))).build();
        String copy = dir.resolve("copy").toString();
        try (AlbisReader r = AlbisTable.open(source).newReader();
                AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, copy, target, OPTIONS)) {
            RowCopier copier = RowCopier.byName(r, target);
            while (r.advance()) {
                copier.copy(r, w);
                w.nextRow();
            }
        }
        assertEquals(rows(source), rows(copy));
    }

    @Test
    void refusesATargetWithoutAColumnOfTheReader() throws IOException {
        String source = dir.resolve("source").toString();
        Schema schema = Schema.builder().column("a", DataType.INT).column("b", DataType.INT).build();
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, source, schema, OPTIONS)) {
            w.setInt(0, 1);
            w.nextRow();
        }
        Schema onlyA = Schema.builder().column("a", DataType.INT).build();
        try (AlbisReader r = AlbisTable.open(source).newReader()) {
            assertThrows(SchemaMismatchException.class, () -> RowCopier.byName(r, onlyA));
        }
    }

    /** Every row as its columns' names and values, in name order, so tables of other column orders compare. */
    private static List<String> rows(String table) throws IOException {
        List<String> out = new ArrayList<>();
        try (AlbisReader r = AlbisTable.open(table).newReader()) {
            while (r.advance()) {
                TreeMap<String, String> row = new TreeMap<>();
                for (int i = 0; i < r.columnCount(); i++) {
                    row.put(r.column(i).name(), String.valueOf(r.getValue(i)));
                }
                out.add(row.toString());
            }
        }
        return out;
    }
}
