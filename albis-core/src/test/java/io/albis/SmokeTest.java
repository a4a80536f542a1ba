package io.albis;

import static org.junit.jupiter.api.Assertions.*;

import io.albis.filter.Predicates;
import io.albis.read.AlbisReader;
import io.albis.read.RunReader;
import io.albis.read.ReadOptions;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SmokeTest {
    @TempDir
    Path dir;

    @Test
    void writesAndReadsBack() throws Exception {
        Schema schema = Schema.builder()
                .column("id", DataType.INT, false)
                .column("name", DataType.STRING)
                .column("price", DataType.decimal(7, 2))
                .field(new Field("s", DataType.struct(Field.of("a", DataType.LONG), Field.of("b", DataType.BINARY)), true))
                .build();
        String t = dir.resolve("t").toString();
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, t, schema,
                WriterOptions.defaults().withSegmentSize(256).withRowGroupRows(7))) {
            for (int i = 0; i < 20; i++) {
                w.setInt(0, i);
                if (i % 3 != 0) {
                    w.setString(1, "n" + i);
                }
                w.setDecimal(2, new BigDecimal(i + ".25"));
                if (i % 5 == 0) {
                    w.setNull(3);
                } else {
                    w.setLong(4, i * 100L);
                    w.setBinary(5, new byte[i]);
                }
                w.nextRow();
            }
        }
        AlbisTable table = AlbisTable.open(t);
        assertEquals(20, table.rowCount());
        assertEquals(3, table.rowGroups().size());
        assertEquals(schema.fields(), table.schema().fields());
        int n = 0;
        try (AlbisReader r = table.newReader()) {
            while (r.hasNext()) {
                r.next();
                assertEquals(n, r.getInt(0));
                assertEquals(n % 3 == 0 ? null : "n" + n, r.getString(1));
                assertEquals(new BigDecimal(n + ".25"), r.getDecimal(2));
                Map<String, Object> m = r.toNestedMap();
                if (n % 5 == 0) {
                    assertNull(m.get("s"));
                } else {
                    assertEquals(n * 100L, ((Map<?, ?>) m.get("s")).get("a"));
                }
                n++;
            }
        }
        assertEquals(20, n);
        try (AlbisReader r = table.newReader(ReadOptions.all().withColumns(java.util.List.of()))) {
            int rows = 0;
            while (r.advance()) {
                rows++;
            }
            assertEquals(20, rows, "an empty projection still yields every row");
        }
        try (AlbisReader r = table.newReader(ReadOptions.all().withColumns("s.a"))) {
            int row = 0;
            while (r.advance()) {
                assertEquals(1, r.columnCount());
                Map<String, Object> m = r.toNestedMap();
                if (row % 5 == 0) {
                    assertTrue(m.containsKey("s"));
                    assertNull(m.get("s"), "field projected alone still sees its null struct");
                } else {
                    assertEquals(Map.of("a", row * 100L), m.get("s"));
                }
                row++;
            }
        }
        try (RunReader r = table.newRunReader(ReadOptions.all().withColumns("name", "id", "s"))) {
            io.albis.read.ColumnBatch batch = io.albis.read.ColumnBatch.forReader(r, 6);
            int row = 0;
            int got;
            while ((got = r.nextBatch(batch)) > 0) {
                for (int k = 0; k < got; k++, row++) {
                    assertEquals(row, batch.column(1).getInt(k));
                    assertEquals(row % 3 == 0 ? null : "n" + row, batch.column(0).getString(k));
                    assertEquals(row % 5 == 0, batch.column(2).isNull(k));
                    if (row % 5 != 0) {
                        assertEquals(row * 100L, batch.column(3).getLong(k));
                        assertEquals(row, batch.column(4).getBytes(k).length);
                    }
                }
            }
            assertEquals(20, row);
        }
        try (AlbisReader r = table.newReader(ReadOptions.all().withColumns("id")
                .withFilter(Predicates.and(Predicates.ge("id", 12), Predicates.not(Predicates.isNull("name")))))) {
            int count = 0;
            while (r.advance()) {
                assertTrue(r.getInt(0) >= 12 && r.getInt(0) % 3 != 0);
                count++;
            }
            assertEquals(5, count);
            assertTrue(r.stats().segmentsSkipped() > 0, r.stats().toString());
        }
    }
}
