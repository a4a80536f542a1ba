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

    /** Reads the row groups of {@code options} with one reader. */
    private static ScanResult readRowGroups(AlbisTable table, ReadOptions options) throws IOException {
        try (AlbisReader reader = table.newReader(options)) {
            int n = reader.columnCount();
            int[] columns = new int[n];
            long rowWidth = 0;
            for (int i = 0; i < n; i++) {
                DataType t = reader.column(i).type();
                int kind = kind(t);
                int width = kind == SKIP ? 0 : t.logicalWidth();
                columns[i] = width << KIND_BITS | kind;
                rowWidth += width;
            }
            Tally tally = new Tally();
            sumRows(reader, columns, rowWidth, tally);
            return tally.result(0);
        }
    }

    /** A column's kind is in the low bits of its entry, its logical width above them. */
    private static final int KIND_BITS = 4;
    private static final int KIND_MASK = (1 << KIND_BITS) - 1;

    /**
     * Every value of every row through the typed getters, {@code isNull} first. The reader has
     * applied the filter, so every row returned counts. As the peers' readers do, the totals
     * are kept in locals, and the logical bytes of fixed-width values are counted per row and per
     * null (rows × row width − widths of the nulls), not with an add per value. The loop has a
     * method of its own and few live values: with more, C2 moved them between registers and the
     * stack on every value.
     */
    private static void sumRows(AlbisReader reader, int[] columns, long rowWidth, Tally into) throws IOException {
        int n = columns.length;
        long rows = 0;
        long sum = 0;
        long nulls = 0;
        // Logical bytes beyond rows × row width: string/binary lengths, less the widths of nulls.
        long extraBytes = 0;
        Scratch scratch = new Scratch();
        while (reader.advance()) {
            rows++;
            for (int i = 0; i < n; i++) {
                int column = columns[i];
                int kind = column & KIND_MASK;
                if (kind == SKIP) {
                    continue;
                }
                if (reader.isNull(i)) {
                    nulls++;
                    extraBytes -= column >>> KIND_BITS;
                    continue;
                }
                switch (kind) {
                    case INT -> sum += reader.getInt(i);
                    case LONG -> sum += reader.getLong(i);
                    case DECIMAL -> sum += reader.getDecimalUnscaled(i);
                    case WIDE_DECIMAL -> sum += reader.wideLow(i) + reader.wideHigh(i);
                    case DOUBLE -> sum += ValueChecksum.ofDouble(reader.getDouble(i));
                    case FLOAT -> sum += ValueChecksum.ofFloat(reader.getFloat(i));
                    case BOOLEAN -> sum += reader.getBoolean(i) ? 1 : 0;
                    case BYTE -> sum += reader.getByte(i);
                    case SHORT -> sum += reader.getShort(i);
                    default -> {
                        int len = reader.getBytesLength(i);
                        sum += scratch.checksum(reader, i, len);
                        extraBytes += len;
                    }
                }
            }
        }
        into.addRows(rows);
        into.add(sum, rows * rowWidth + extraBytes, nulls);
    }

    /** A reused array for string and binary values. */
    private static final class Scratch {
        private byte[] bytes = new byte[256];

        long checksum(AlbisReader reader, int i, int len) {
            if (bytes.length < len) {
                bytes = new byte[Math.max(len, bytes.length * 2)];
            }
            reader.copyBytes(i, bytes, 0);
            return ValueChecksum.ofBytes(bytes, 0, len);
        }
    }
}
