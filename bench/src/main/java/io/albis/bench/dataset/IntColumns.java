package io.albis.bench.dataset;

import io.albis.schema.DataType;
import io.albis.schema.Schema;
import java.io.IOException;

/** Nullable int columns {@code col0..col<n-1>} of random values, about 1% nulls: the projectivity experiment. */
public record IntColumns(int columns, long rows) implements Dataset {
    public static final int COLUMNS = 100;
    /** About 50 MB of logical data at scale 1: every format reads it 10 times per repetition. */
    public static final long BASE_ROWS = 125_000;

    public static IntColumns atScale(double scale) {
        return new IntColumns(COLUMNS, SyntheticTable.rows(BASE_ROWS, scale));
    }

    public static String column(int i) {
        return "col" + i;
    }

    @Override
    public String name() {
        return "int" + columns;
    }

    @Override
    public String key() {
        return "int" + columns + "-rows" + rows + "-parts" + PARTS;
    }

    @Override
    public void writeSource(String path) throws IOException {
        Schema.Builder b = Schema.builder();
        for (int c = 0; c < columns; c++) {
            b.column(column(c), DataType.INT, true);
        }
        SyntheticTable.write(path, b.build(), rows, 2000 + columns, (w, row, random) -> {
            for (int c = 0; c < columns; c++) {
                if (random.nextInt(100) != 0) {
                    w.setInt(c, random.nextInt());
                }
            }
        });
    }
}
