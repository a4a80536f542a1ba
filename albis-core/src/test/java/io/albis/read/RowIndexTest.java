package io.albis.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.filter.Predicates;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The row index a reader reports for each row it hands out (the row iterator's {@code rowIndex},
 * the run reader's {@code runFirstRowIndex}): the row's position in its row group, whatever a filter
 * skipped, on the iterator's hot path, across segments and row groups. The column {@code id} holds
 * each row's number in the table, so the index is {@code id} less the row group's first id.
 */
class RowIndexTest {
    @TempDir
    Path dir;

    private static final int ROWS = 20_000;
    private static final int ROW_GROUP_ROWS = 7_000;

    private AlbisTable table(boolean withText) throws IOException {
        Schema.Builder b = Schema.builder().column("id", DataType.LONG, false);
        if (withText) {
            b.column("s", DataType.STRING);
        }
        String t = dir.resolve(withText ? "text" : "plain").toString();
        WriterOptions options = WriterOptions.defaults().withSegmentSize(4096).withRowGroupRows(ROW_GROUP_ROWS);
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, t, b.build(), options)) {
            for (long i = 0; i < ROWS; i++) {
                w.setLong(0, i);
                if (withText) {
                    w.setString(1, "v" + i);
                }
                w.nextRow();
            }
        }
        return AlbisTable.open(t);
    }

    @Test
    void theIteratorReportsEachRowsPlaceInItsRowGroup() throws IOException {
        for (boolean text : List.of(false, true)) {
            AlbisTable t = table(text);
            for (ReadOptions options : List.of(ReadOptions.all(),
                    ReadOptions.all().withFilter(Predicates.in("id", List.of(3L, 6999L, 7000L, 7001L, 19_999L))),
                    ReadOptions.all().withFilter(Predicates.ge("id", 6_500L)))) {
                long seen = 0;
                try (AlbisReader r = t.newReader(options)) {
                    while (r.hasNext()) {
                        AlbisRow row = r.next();
                        long id = row.getLong(0);
                        assertEquals(id - (long) r.currentRowGroup() * ROW_GROUP_ROWS, r.rowIndex(), "row " + id);
                        seen++;
                    }
                }
                assertTrue(seen > 0);
            }
        }
    }

    @Test
    void runsReportTheirFirstRowsPlace() throws IOException {
        AlbisTable t = table(false);
        for (ReadOptions options : List.of(ReadOptions.all(), ReadOptions.all().withFilter(Predicates.ge("id", 6_500L)))) {
            try (RunReader r = t.newRunReader(options)) {
                RowRun[] runs = r.newRuns();
                int n;
                long rows = 0;
                while ((n = r.nextRun(runs, 1000)) > 0) {
                    long firstId = runs[0].buffer().getLong(runs[0].rowOffset(0) + runs[0].layout().fixedOffset(0));
                    assertEquals(firstId - (long) r.currentRowGroup() * ROW_GROUP_ROWS, r.runFirstRowIndex());
                    rows += n;
                }
                assertTrue(rows > 0);
            }
        }
    }
}
