package io.albis.bench.format.albis;

import io.albis.bench.ScanResults;
import io.albis.bench.ThreadSplit;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.peer.Tally;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.scan.ScanResult;
import io.albis.scan.ValueChecksum;
import io.albis.schema.DataType;
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

    /** How a column's values are read and summed, chosen once per column so the row loop switches on an int. */
    private static final int SKIP = 0;
    private static final int BOOLEAN = 1;
    private static final int BYTE = 2;
    private static final int SHORT = 3;
    private static final int INT = 4;
    private static final int LONG = 5;
    private static final int DECIMAL = 6;
    private static final int WIDE_DECIMAL = 7;
    private static final int FLOAT = 8;
    private static final int DOUBLE = 9;
    private static final int BYTES = 10;

    private static int kind(DataType t) {
        return switch (t.id()) {
            case STRUCT -> SKIP; // struct markers carry no value
            case BOOLEAN -> BOOLEAN;
            case BYTE -> BYTE;
            case SHORT -> SHORT;
            case INT, DATE -> INT;
            case LONG, TIMESTAMP -> LONG;
            case DECIMAL -> t.isWideDecimal() ? WIDE_DECIMAL : DECIMAL;
            case FLOAT -> FLOAT;
            case DOUBLE -> DOUBLE;
            case STRING, BINARY -> BYTES;
        };
    }

    /**
     * Every value of every row through the typed getters, {@code isNull} first. The reader has
     * applied the filter, so every row returned counts; the totals are kept in locals, as the
     * peers' readers keep theirs ({@link Tally}).
     */
    private static ScanResult readRowGroups(AlbisTable table, ReadOptions options) throws IOException {
        long rows = 0;
        long sum = 0;
        long logical = 0;
        long nulls = 0;
        try (AlbisReader reader = table.newReader(options)) {
            int n = reader.columnCount();
            int[] kinds = new int[n];
            for (int i = 0; i < n; i++) {
                kinds[i] = kind(reader.column(i).type());
            }
            byte[] scratch = new byte[256];
            while (reader.advance()) {
                rows++;
                for (int i = 0; i < n; i++) {
                    int kind = kinds[i];
                    if (kind == SKIP) {
                        continue;
                    }
                    if (reader.isNull(i)) {
                        nulls++;
                        continue;
                    }
                    switch (kind) {
                        case INT -> {
                            sum += reader.getInt(i);
                            logical += 4;
                        }
                        case LONG -> {
                            sum += reader.getLong(i);
                            logical += 8;
                        }
                        case DECIMAL -> {
                            sum += reader.getDecimalUnscaled(i);
                            logical += 8;
                        }
                        case WIDE_DECIMAL -> {
                            sum += reader.wideLow(i) + reader.wideHigh(i);
                            logical += 16;
                        }
                        case DOUBLE -> {
                            sum += ValueChecksum.ofDouble(reader.getDouble(i));
                            logical += 8;
                        }
                        case FLOAT -> {
                            sum += ValueChecksum.ofFloat(reader.getFloat(i));
                            logical += 4;
                        }
                        case BOOLEAN -> {
                            sum += reader.getBoolean(i) ? 1 : 0;
                            logical += 1;
                        }
                        case BYTE -> {
                            sum += reader.getByte(i);
                            logical += 1;
                        }
                        case SHORT -> {
                            sum += reader.getShort(i);
                            logical += 2;
                        }
                        default -> {
                            int len = reader.getBytesLength(i);
                            if (scratch.length < len) {
                                scratch = new byte[Math.max(len, scratch.length * 2)];
                            }
                            reader.copyBytes(i, scratch, 0);
                            sum += ValueChecksum.ofBytes(scratch, 0, len);
                            logical += len;
                        }
                    }
                }
            }
        }
        Tally tally = new Tally();
        tally.addRows(rows);
        tally.add(sum, logical, nulls);
        return tally.result(0);
    }
}
