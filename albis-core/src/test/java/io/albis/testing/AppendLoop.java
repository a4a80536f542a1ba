package io.albis.testing;

import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * A writer process for {@code WriterKilledTest}: appends jobs of {@link #ROWS} rows to a table
 * forever, row ids continuing from the table's row count, and prints "committed N" after each.
 */
public final class AppendLoop {
    public static final int ROWS = 50;

    private AppendLoop() {}

    public static Schema schema() {
        return Schema.builder().column("id", DataType.INT, false).column("s", DataType.STRING)
                .groups(Map.of("ids", List.of("id"))).build();
    }

    public static void main(String[] args) throws IOException {
        String table = args[0];
        WriterOptions options = WriterOptions.defaults().withSegmentSize(4096).withRowGroupRows(20);
        while (true) {
            int first = (int) AlbisTable.open(table).rowCount();
            try (AlbisWriter w = AlbisWriter.append(LocalStorage.INSTANCE, table, null, options)) {
                for (int i = first; i < first + ROWS; i++) {
                    w.setInt(0, i);
                    w.setString(1, "row " + i);
                    w.nextRow();
                }
            }
            System.out.println("committed " + (first + ROWS));
            System.out.flush();
        }
    }
}
