package io.albis.bench.dataset;

import io.albis.schema.DataType;
import io.albis.schema.Schema;
import java.io.IOException;
import java.util.Locale;

/**
 * One nullable column {@code col0} of one type, about 1% nulls, random values: the data-type
 * experiment. Binary values have a random length of 1..1024 bytes.
 */
public record SingleColumn(Type type, long rows) implements Dataset {
    public static final String COLUMN = "col0";

    /** The types measured, with their rows at scale 1 (about 100 MB of logical data each). */
    public enum Type {
        INT(DataType.INT, 25_000_000),
        LONG(DataType.LONG, 12_500_000),
        DOUBLE(DataType.DOUBLE, 12_500_000),
        BINARY(DataType.BINARY, 200_000);

        final DataType albisType;
        final long baseRows;

        Type(DataType albisType, long baseRows) {
            this.albisType = albisType;
            this.baseRows = baseRows;
        }

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public static final int MAX_BINARY_LENGTH = 1024;

    public static SingleColumn atScale(Type type, double scale) {
        return new SingleColumn(type, SyntheticTable.rows(type.baseRows, scale));
    }

    @Override
    public String name() {
        return type.label();
    }

    @Override
    public String key() {
        return type.label() + "-rows" + rows + "-parts" + PARTS;
    }

    @Override
    public void writeSource(String path) throws IOException {
        Schema schema = Schema.builder().column(COLUMN, type.albisType, true).build();
        byte[] bytes = new byte[MAX_BINARY_LENGTH];
        SyntheticTable.write(path, schema, rows, 1000 + type.ordinal(), (w, row, random) -> {
            if (random.nextInt(100) == 0) {
                return; // null
            }
            switch (type) {
                case INT -> w.setInt(0, random.nextInt());
                case LONG -> w.setLong(0, random.nextLong());
                case DOUBLE -> w.setDouble(0, (random.nextDouble() - 0.5) * 2e6);
                case BINARY -> {
                    int len = 1 + random.nextInt(MAX_BINARY_LENGTH);
                    for (int i = 0; i < len; i++) {
                        bytes[i] = (byte) random.nextInt();
                    }
                    w.setBinary(0, bytes, 0, len);
                }
            }
        });
    }
}
