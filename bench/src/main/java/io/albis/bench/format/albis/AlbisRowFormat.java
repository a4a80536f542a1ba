package io.albis.bench.format.albis;

import io.albis.bench.ScanResults;
import io.albis.bench.ThreadSplit;
import io.albis.bench.ValueTotals;
import io.albis.bench.format.ReadSpec;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.scan.ScanResult;
import io.albis.schema.Column;
import io.albis.schema.TypeId;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Albis through its row iterator: {@link AlbisReader#advance()} and a typed getter per column,
 * each value checked with {@code isNull} first, as an application would read rows.
 */
public final class AlbisRowFormat extends AlbisDataFormat {

    @Override
    public String name() {
        return "albis";
    }

    @Override
    public ScanResult read(Path dir, ReadSpec spec, int threads) throws IOException {
        long start = System.nanoTime(); // opening the table is part of the read
        AlbisTable table = open(dir);
        ReadOptions options = options(spec);
        ScanResult r = ThreadSplit.read(table.rowGroups().size(), threads,
                rowGroups -> readRowGroups(table, options.withRowGroups(rowGroups)));
        return ScanResults.withNanos(r, System.nanoTime() - start);
    }

    private static ScanResult readRowGroups(AlbisTable table, ReadOptions options) throws IOException {
        ValueTotals totals = new ValueTotals();
        try (AlbisReader reader = table.newReader(options)) {
            int n = reader.columnCount();
            TypeId[] types = new TypeId[n];
            boolean[] wide = new boolean[n];
            for (int i = 0; i < n; i++) {
                Column c = reader.column(i);
                types[i] = c.type().id(); // struct markers are STRUCT: they carry no value
                wide[i] = c.type().isWideDecimal();
            }
            byte[] scratch = new byte[256];
            while (reader.advance()) {
                for (int i = 0; i < n; i++) {
                    TypeId type = types[i];
                    if (type == TypeId.STRUCT) {
                        continue;
                    }
                    if (reader.isNull(i)) {
                        totals.addNull();
                        continue;
                    }
                    if (wide[i]) {
                        totals.addWideDecimal(reader.wideHigh(i), reader.wideLow(i));
                        continue;
                    }
                    switch (type) {
                        case INT -> totals.addInt(reader.getInt(i));
                        case LONG -> totals.addLong(reader.getLong(i));
                        case DECIMAL -> totals.addLong(reader.getDecimalUnscaled(i));
                        case DOUBLE -> totals.addDouble(reader.getDouble(i));
                        case DATE -> totals.addInt(reader.getDate(i));
                        case TIMESTAMP -> totals.addLong(reader.getTimestampMicros(i));
                        case FLOAT -> totals.addFloat(reader.getFloat(i));
                        case BOOLEAN -> totals.addBoolean(reader.getBoolean(i));
                        case BYTE -> totals.addByte(reader.getByte(i));
                        case SHORT -> totals.addShort(reader.getShort(i));
                        case STRING, BINARY -> {
                            int len = reader.getBytesLength(i);
                            if (scratch.length < len) {
                                scratch = new byte[Math.max(len, scratch.length * 2)];
                            }
                            reader.copyBytes(i, scratch, 0);
                            totals.addBytes(scratch, 0, len);
                        }
                        case STRUCT -> { }
                    }
                }
                totals.endRow();
            }
        }
        return totals.result();
    }
}
