package io.albis.fuzz;

import io.albis.error.AlbisFormatException;
import io.albis.read.ReadOptions;
import io.albis.schema.ColumnGroup;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.segment.ColumnGroupMetadata;
import io.albis.segment.SegmentMetadata;
import io.albis.table.AlbisTable;
import io.albis.table.RowGroupRef;
import io.albis.testing.ExpectedTable;
import io.albis.testing.MemoryChecks;
import io.albis.testing.MemoryStorage;
import io.albis.testing.RandomTables;
import io.albis.testing.RandomTables.DataProfile;
import io.albis.testing.TableChecks;
import io.albis.write.WriterOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The small table the data segment target damages, written once per JVM into a {@link MemoryStorage}:
 * 24 rows in 3 row groups of 8, a column group of variable-width columns (string, binary, a
 * 38-digit decimal, list, map, nullable struct) and one of fixed-width columns, 512-byte segments
 * (several per data file). Holds what every read path returned on the intact table, the
 * reference a read with checksums on must match.
 */
final class FuzzTable {
    static final String PATH = "fuzz/t";
    private static final int ROWS = 24;
    private static final int ROW_GROUP_ROWS = 8;
    private static final int SEGMENT_SIZE = 512;

    private static FuzzTable instance;

    final MemoryStorage storage = new MemoryStorage();
    final ExpectedTable expected;
    /** The data and metadata file of every column group of every row group, in table order. */
    final List<GroupFiles> files = new ArrayList<>();
    /** Every read path's view of the intact table. */
    final TableReads.Seen reference;

    /** One column group's two files in one row group, as written. */
    record GroupFiles(String dataPath, String metaPath, byte[] data, byte[] meta, ColumnGroupMetadata metadata) {}

    static synchronized FuzzTable get() {
        if (instance == null) {
            try {
                instance = new FuzzTable();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return instance;
    }

    private FuzzTable() throws IOException {
        List<Field> fields = List.of(
                Field.required("id", DataType.INT),
                Field.of("s", DataType.STRING),
                Field.of("b", DataType.BINARY),
                Field.of("d", DataType.decimal(30, 4)),
                Field.of("l", DataType.list(DataType.INT, true)),
                Field.of("m", DataType.map(DataType.STRING, DataType.LONG, true)),
                new Field("st", DataType.struct(Field.of("x", DataType.LONG), Field.of("y", DataType.STRING)), true),
                Field.of("q", DataType.LONG),
                Field.of("f", DataType.DOUBLE),
                Field.of("dt", DataType.DATE),
                Field.of("flag", DataType.BOOLEAN));
        Map<String, List<String>> groups = new LinkedHashMap<>();
        groups.put("variable", List.of("id", "s", "b", "d", "l", "m", "st"));
        Schema schema = Schema.builder().fields(fields).groups(groups).build();
        RandomTables gen = new RandomTables(12);
        List<Object[]> rows = gen.randomRows(schema, ROWS, new DataProfile(0.2, 0, 8, 0, 0));
        for (int r = 0; r < rows.size(); r++) {
            rows.get(r)[0] = r;
        }
        expected = new ExpectedTable(schema, fields, rows);
        WriterOptions options = WriterOptions.defaults().withSegmentSize(SEGMENT_SIZE).withRowGroupRows(ROW_GROUP_ROWS);
        AlbisTable table = TableChecks.write(storage, PATH, expected, options, new Random(1));
        TableChecks.assertReadsBack(table, expected, true, "the fuzz table as written");
        for (RowGroupRef rg : table.rowGroups()) {
            for (ColumnGroup g : table.schema().groups()) {
                String data = table.dataPath(rg, g);
                String meta = table.metadataPath(rg, g);
                byte[] metaBytes = storage.bytes(meta);
                files.add(new GroupFiles(data, meta, storage.bytes(data), metaBytes,
                        ColumnGroupMetadata.decode(metaBytes, meta)));
            }
        }
        ReadOptions all = ReadOptions.all().withAllocator(MemoryChecks.allocator());
        reference = TableReads.Seen.of(storage, PATH, all, 16);
    }

    /** The files of column group pair {@code index} (taken modulo their number). */
    GroupFiles group(int index) {
        return files.get(Math.floorMod(index, files.size()));
    }

    /** A data file's rows: the bytes of its segments, one after another, without header and padding. */
    static byte[] rowsOf(GroupFiles f) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (SegmentMetadata s : f.metadata().segments()) {
            out.write(f.data(), (int) s.offset(), s.length());
        }
        return out.toByteArray();
    }

    /**
     * The data file with its rows replaced by {@code rows} (header and padding kept): a shorter
     * {@code rows} ends the file where it ends, a longer one is appended to the file.
     */
    static byte[] withRows(GroupFiles f, byte[] rows) {
        byte[] file = f.data().clone();
        int taken = 0;
        for (SegmentMetadata s : f.metadata().segments()) {
            int n = Math.min(s.length(), rows.length - taken);
            System.arraycopy(rows, taken, file, (int) s.offset(), n);
            taken += n;
            if (n < s.length()) {
                return Arrays.copyOf(file, (int) s.offset() + n);
            }
        }
        byte[] longer = Arrays.copyOf(file, file.length + rows.length - taken);
        System.arraycopy(rows, taken, longer, file.length, rows.length - taken);
        return longer;
    }

    /**
     * True when {@code meta} decodes to the same segments as the written metadata file (offsets,
     * lengths, rows and checksums): then the segment checksums vouch for every row byte, and a
     * read with checksums on must return the written rows or fail. Any other metadata may be a
     * different table with checksums forged to match (the footer resealed).
     */
    static boolean vouchesForTheRows(GroupFiles f, byte[] meta) {
        ColumnGroupMetadata m;
        try {
            m = ColumnGroupMetadata.decode(meta, f.metaPath());
        } catch (AlbisFormatException e) {
            return false;
        }
        List<SegmentMetadata> a = m.segments();
        List<SegmentMetadata> b = f.metadata().segments();
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            SegmentMetadata x = a.get(i);
            SegmentMetadata y = b.get(i);
            if (x.offset() != y.offset() || x.length() != y.length() || x.rowCount() != y.rowCount()
                    || x.crc32c() != y.crc32c()) {
                return false;
            }
        }
        return true;
    }

    /** Runs {@code step} with the two files of {@code f} replaced (null: kept), then puts the written ones back. */
    void withFiles(GroupFiles f, byte[] data, byte[] meta, Documented.Step step) throws Throwable {
        try {
            if (data != null) {
                storage.overwrite(f.dataPath(), data);
            }
            if (meta != null) {
                storage.overwrite(f.metaPath(), meta);
            }
            step.run();
        } finally {
            storage.overwrite(f.dataPath(), f.data());
            storage.overwrite(f.metaPath(), f.meta());
        }
    }
}
