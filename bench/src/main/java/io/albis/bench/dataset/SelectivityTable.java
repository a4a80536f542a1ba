package io.albis.bench.dataset;

import io.albis.schema.DataType;
import io.albis.schema.Schema;
import java.io.IOException;

/**
 * The selectivity experiment's table: {@code col0} uniform over 1..100 (so {@code col0 <= k}
 * selects k% of the rows) with no nulls, either sorted over the whole table or in random order,
 * then nine nullable int columns of random values with about 1% nulls.
 */
public record SelectivityTable(boolean sorted, long rows) implements Dataset {
    public static final String FILTER_COLUMN = "col0";
    public static final int OTHER_COLUMNS = 9;
    public static final int MAX_VALUE = 100;
    /** About 50 MB of logical data at scale 1: every format reads it 14 times per repetition. */
    public static final long BASE_ROWS = 1_250_000;

    public static SelectivityTable atScale(boolean sorted, double scale) {
        return new SelectivityTable(sorted, SyntheticTable.rows(BASE_ROWS, scale));
    }

    @Override
    public String name() {
        return sorted ? "sorted" : "unsorted";
    }

    @Override
    public String key() {
        return "selectivity-" + name() + "-rows" + rows + "-parts" + PARTS;
    }

    @Override
    public void writeSource(String path) throws IOException {
        Schema.Builder b = Schema.builder().column(FILTER_COLUMN, DataType.INT, true);
        for (int c = 1; c <= OTHER_COLUMNS; c++) {
            b.column("col" + c, DataType.INT, true);
        }
        SyntheticTable.write(path, b.build(), rows, sorted ? 3001 : 3000, (w, row, random) -> {
            // Sorted: each value takes an equal run of rows, so every k selects exactly k% of them.
            w.setInt(0, sorted ? 1 + (int) (row * MAX_VALUE / rows) : 1 + random.nextInt(MAX_VALUE));
            for (int c = 1; c <= OTHER_COLUMNS; c++) {
                if (random.nextInt(100) != 0) {
                    w.setInt(c, random.nextInt());
                }
            }
        });
    }
}
