package io.albis.bench.format.albis;

import io.albis.scan.LogicalBytes;
import io.albis.bench.format.ColumnChange;
import io.albis.bench.format.EvolvingFormat;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.WriteResult;
import io.albis.bench.format.peer.Tally;
import io.albis.evolve.TableEvolution;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.scan.NestedChecksum;
import io.albis.scan.ScanResult;
import io.albis.scan.ThreadSplit;
import io.albis.scan.ValueChecksum;
import io.albis.schema.ColumnGroupSpec;
import io.albis.schema.DataType;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.table.Retention;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Albis through its row iterator: {@link AlbisReader#advance()} and a typed getter per column,
 * each value checked with {@code isNull} first, as an application would read rows; lists and
 * maps through their views ({@link AlbisReader#getList}, {@link AlbisReader#getMap}), element by
 * element with the views' getters ({@link NestedChecksum}). Experiment 11: a heavy drop and a
 * re-group in this process ({@link TableEvolution} on {@code threads} threads).
 */
public final class AlbisRowFormat extends AlbisDataFormat implements EvolvingFormat {

    public AlbisRowFormat() {
        super("albis");
    }

    @Override
    public ScanResult read(Path dir, ReadSpec spec, int threads) throws IOException {
        return openAndRead(dir, spec, (table, options) -> {
            Tally total = new Tally();
            for (Tally t : ThreadSplit.run(table.rowGroups().size(), threads,
                    rowGroups -> readRowGroups(table, options.withRowGroups(rowGroups)))) {
                total.add(t);
            }
            return total.result(0);
        });
    }

    @Override
    public WriteResult change(ColumnChange change, Path copy, Path dir, String codec, int threads) throws IOException {
        return InPlaceChange.run(copy, dir, table -> {
            TableEvolution evolution = new TableEvolution(LocalStorage.INSTANCE, table, WriterOptions.defaults(), threads,
                    Retention.DEFAULT);
            switch (change.kind()) {
                case DROP -> evolution.drop(change.column(), TableEvolution.Drop.HEAVY);
                case REGROUP -> evolution.regroup(ColumnGroupSpec.parse(change.groups()));
                case ADD -> throw new IllegalArgumentException(name() + " adds no columns computed by Spark expressions;"
                        + " spark-albis does");
            }
        });
    }

    @Override
    public ScanResult readChanged(ColumnChange change, Path dir, int threads) throws IOException {
        InPlaceChange.checkSchema(change, dir);
        return read(dir, ReadSpec.all(), threads);
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
    private static final int LIST = 11;
    private static final int MAP = 12;

    private static int kind(DataType t) {
        return switch (t.id()) {
            case STRUCT -> SKIP; // struct markers carry no value
            case BOOLEAN -> BOOLEAN;
            case BYTE -> BYTE;
            case SHORT -> SHORT;
            case INT, DATE -> INT;
            case LONG, TIMESTAMP, TIMESTAMP_NTZ -> LONG;
            case DECIMAL -> t.isWideDecimal() ? WIDE_DECIMAL : DECIMAL;
            case FLOAT -> FLOAT;
            case DOUBLE -> DOUBLE;
            case STRING, BINARY -> BYTES;
            case LIST -> LIST;
            case MAP -> MAP;
        };
    }

    /** Reads the row groups of {@code options} with one reader. */
    private static Tally readRowGroups(AlbisTable table, ReadOptions options) throws IOException {
        try (AlbisReader reader = table.newReader(options)) {
            int n = reader.columnCount();
            int[] columns = new int[n];
            long rowWidth = 0;
            for (int i = 0; i < n; i++) {
                DataType t = reader.column(i).type();
                int kind = kind(t);
                int width = kind == SKIP ? 0 : LogicalBytes.of(t);
                columns[i] = width << KIND_BITS | kind;
                rowWidth += width;
            }
            Tally tally = new Tally();
            int kind = n == 1 ? columns[0] & KIND_MASK : SKIP;
            switch (kind) {
                case INT -> sumInts(reader, tally);
                case LONG -> sumLongs(reader, tally);
                case DOUBLE -> sumDoubles(reader, tally);
                default -> sumRows(reader, columns, rowWidth, tally);
            }
            return tally;
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
        NestedChecksum nested = new NestedChecksum();
        while (reader.advance()) {
            rows++;
            // A row's values are summed into a local of the row, which C2 keeps in a register;
            // added straight to the method's total, it lived on the stack: a store and a reload a
            // value, each waiting for the last (store_sales, first table in its JVM: 207 -> 201 ms).
            long rowSum = 0;
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
                    case INT -> rowSum += reader.getInt(i);
                    case LONG -> rowSum += reader.getLong(i);
                    case DECIMAL -> rowSum += reader.getDecimalUnscaled(i);
                    case WIDE_DECIMAL -> rowSum += reader.wideLow(i) + reader.wideHigh(i);
                    case DOUBLE -> rowSum += ValueChecksum.ofDouble(reader.getDouble(i));
                    case FLOAT -> rowSum += ValueChecksum.ofFloat(reader.getFloat(i));
                    case BOOLEAN -> rowSum += reader.getBoolean(i) ? 1 : 0;
                    case BYTE -> rowSum += reader.getByte(i);
                    case SHORT -> rowSum += reader.getShort(i);
                    case LIST -> nested.add(reader.getList(i));
                    case MAP -> nested.add(reader.getMap(i));
                    default -> {
                        int len = reader.getBytesLength(i);
                        rowSum += scratch.checksum(reader, i, len);
                        extraBytes += len;
                    }
                }
            }
            sum += rowSum;
        }
        into.addRows(rows);
        into.add(sum, rows * rowWidth + extraBytes, nulls);
        into.add(nested.sum(), nested.logicalBytes(), nested.nulls());
    }

    // One column of a fixed-width kind: a loop of its own, without the loop over columns and the
    // switch a row, as an application reading one column writes it (and as each Spark vector is
    // summed by a loop for its type). With the general loop the int table read 0.13-0.20 s,
    // depending on the tables the JVM had read before.

    private static void sumInts(AlbisReader reader, Tally into) throws IOException {
        long rows = 0;
        long sum = 0;
        long nulls = 0;
        while (reader.advance()) {
            rows++;
            if (reader.isNull(0)) {
                nulls++;
            } else {
                sum += reader.getInt(0);
            }
        }
        into.addRows(rows);
        into.add(sum, (rows - nulls) * 4, nulls);
    }

    private static void sumLongs(AlbisReader reader, Tally into) throws IOException {
        long rows = 0;
        long sum = 0;
        long nulls = 0;
        while (reader.advance()) {
            rows++;
            if (reader.isNull(0)) {
                nulls++;
            } else {
                sum += reader.getLong(0);
            }
        }
        into.addRows(rows);
        into.add(sum, (rows - nulls) * 8, nulls);
    }

    private static void sumDoubles(AlbisReader reader, Tally into) throws IOException {
        long rows = 0;
        long sum = 0;
        long nulls = 0;
        while (reader.advance()) {
            rows++;
            if (reader.isNull(0)) {
                nulls++;
            } else {
                sum += ValueChecksum.ofDouble(reader.getDouble(0));
            }
        }
        into.addRows(rows);
        into.add(sum, (rows - nulls) * 8, nulls);
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
