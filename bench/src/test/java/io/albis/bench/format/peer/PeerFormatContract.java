package io.albis.bench.format.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.albis.bench.format.BenchFormat;
import io.albis.bench.format.PartFiles;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.WriteResult;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.scan.ChecksumScan;
import io.albis.scan.ScanResult;
import io.albis.schema.TypeId;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What every peer adapter must do, inherited by one test class per adapter: for each of its
 * codecs, the read of what it wrote agrees with {@link ChecksumScan#scan} on the source table in
 * rows, logical bytes, nulls and checksum, with and without projection and filter, on 1 and 2
 * threads; plus the file layout and the errors.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class PeerFormatContract {
    /** 12,000 rows in row groups of 5,000: three part files (the last one short), several batches in most. */
    static final int ROWS = 12_000;
    static final int ROW_GROUP_ROWS = 5_000;

    private Path dir;
    private AlbisTable table;
    private AlbisTable nested;
    private final Map<String, Path> written = new HashMap<>();
    private final BenchFormat format;
    private final String extension;

    /** Tests {@code format}, whose part files end in {@code .extension}. */
    protected PeerFormatContract(BenchFormat format, String extension) {
        this.format = format;
        this.extension = extension;
    }

    /** The adapter under test. */
    protected final BenchFormat format() {
        return format;
    }

    /** The extension of its part files. */
    protected final String extension() {
        return extension;
    }

    @BeforeAll
    void writeTable() throws IOException {
        dir = Files.createTempDirectory("peer-" + getClass().getSimpleName());
        table = PeerTables.write(dir.resolve("source"), ROWS, ROW_GROUP_ROWS, 20261121L);
        nested = PeerTables.writeNested(dir.resolve("nested-source"), ROWS, ROW_GROUP_ROWS, 20261124L);
    }

    @AfterAll
    void removeFiles() throws IOException {
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    protected AlbisTable table() {
        return table;
    }

    /** The copy written with {@code codec}, written on first use. */
    protected Path data(String codec) throws IOException {
        Path d = written.get(codec);
        if (d == null) {
            d = dir.resolve(format().dataFormat() + "-" + codec);
            format().write(table, d, codec);
            written.put(codec, d);
        }
        return d;
    }

    /** A directory for another copy, named as the harness names copies (formats may read their layout from it). */
    private Path copyDir(String purpose, String codec) {
        return dir.resolve(purpose).resolve(format().dataFormat() + "-" + codec);
    }

    public static List<ReadSpec> specs() {
        List<ReadSpec> specs = new ArrayList<>();
        specs.add(ReadSpec.all());
        specs.add(ReadSpec.columns(List.of("price", "bin", "l", "s")));
        specs.add(ReadSpec.columns(List.of("wide", "ts", "dt", "f", "sh", "y", "b", "d18", "req_i", "d", "i")));
        // A nullable int filter that keeps about half the rows, and the filter column not projected.
        specs.add(ReadSpec.all().withFilterAtMost("i", 0));
        specs.add(ReadSpec.columns(List.of("price", "d", "bin")).withFilterAtMost("i", 12_345));
        // The sorted id: whole pages, row groups and files fall outside, so pushdown can skip them.
        specs.add(ReadSpec.columns(List.of("i", "l", "s")).withFilterAtMost("id", 6_000));
        specs.add(ReadSpec.all().withFilterAtMost("l", -1));
        // No columns: only matching rows are counted. (Without a filter the Albis reader returns no
        // rows at all for an empty projection, so that case has no reference to compare with.)
        specs.add(ReadSpec.columns(List.of()).withFilterAtMost("i", 0));
        // Nothing matches, and everything matches.
        specs.add(ReadSpec.columns(List.of("d")).withFilterAtMost("id", -1));
        specs.add(ReadSpec.columns(List.of("price")).withFilterAtMost("req_i", Long.MAX_VALUE));
        specs.add(ReadSpec.columns(List.of("price")).withFilterAtMost("i", Integer.MIN_VALUE));
        return specs;
    }

    /**
     * Key filters ({@code =} and {@code IN}) on the sorted id, the nullable int (with keys outside
     * the int range, which no int can match) and the nullable long with its extreme values; keys
     * the table holds, and keys it does not.
     */
    public static List<ReadSpec> keySpecs(AlbisTable table) throws IOException {
        long someI = firstValue(table, "i");
        long someL = firstValue(table, "l");
        return List.of(
                ReadSpec.all().withFilterIn("id", List.of(4_321L)),
                ReadSpec.columns(List.of("s", "d")).withFilterIn("id", List.of(7L, 5_000L, 11_999L, 12_000L, -1L)),
                ReadSpec.all().withFilterIn("id", List.of(ROWS + 5L)),
                ReadSpec.columns(List.of("price", "i")).withFilterIn("i", List.of(someI)),
                ReadSpec.columns(List.of("l")).withFilterIn("i", List.of((long) Integer.MIN_VALUE, someI,
                        Integer.MAX_VALUE + 1L, Long.MIN_VALUE)),
                ReadSpec.columns(List.of("d")).withFilterIn("i", List.of(Long.MAX_VALUE)),
                ReadSpec.columns(List.of()).withFilterIn("l", List.of(Long.MIN_VALUE, Long.MAX_VALUE)),
                ReadSpec.all().withFilterIn("l", List.of(someL, 3L)));
    }

    /** The first non-null value of a long or int column. */
    private static long firstValue(AlbisTable table, String column) throws IOException {
        try (AlbisReader r = table.newReader(ReadOptions.all().withColumns(List.of(column)))) {
            while (r.advance()) {
                if (!r.isNull(0)) {
                    return r.column(0).type().id() == TypeId.INT ? r.getInt(0) : r.getLong(0);
                }
            }
        }
        throw new IOException("column " + column + " holds only nulls");
    }

    /** Specs of the nested table ({@link PeerTables#nestedSchema()}). */
    public static List<ReadSpec> nestedSpecs() {
        return List.of(
                ReadSpec.all(),
                ReadSpec.columns(List.of("ints")),
                ReadSpec.columns(List.of("counts", "names", "i")),
                ReadSpec.columns(List.of("codes")),
                // Rows left out by a filter: the elements of the rest are read by their positions.
                ReadSpec.all().withFilterAtMost("i", 0),
                ReadSpec.columns(List.of("counts", "ints")).withFilterAtMost("id", 6_000),
                ReadSpec.columns(List.of()).withFilterAtMost("i", 0));
    }

    /** Reads with the adapter and asserts agreement with the Albis scan of the source. */
    protected void assertAgrees(Path data, ReadSpec spec, int threads) throws IOException {
        assertAgrees(table, data, spec, threads);
    }

    private void assertAgrees(AlbisTable source, Path data, ReadSpec spec, int threads) throws IOException {
        ScanResult expected = ChecksumScan.scan(source, PeerTables.options(spec), threads);
        ScanResult actual = format().read(data, spec, threads);
        String what = format().name() + " " + spec + " on " + threads + " thread(s)";
        assertEquals(expected.rows(), actual.rows(), what + ": rows");
        assertEquals(expected.logicalBytes(), actual.logicalBytes(), what + ": logical bytes");
        assertEquals(expected.nulls(), actual.nulls(), what + ": nulls");
        assertEquals(expected.checksumHex(), actual.checksumHex(), what + ": checksum");
        assertTrue(actual.nanos() > 0, what + ": wall time");
    }

    @Test
    void everyCodecAgreesWithTheAlbisScan() throws IOException {
        for (String codec : format().codecs()) {
            Path data = data(codec);
            for (ReadSpec spec : specs()) {
                for (int threads = 1; threads <= 2; threads++) {
                    assertAgrees(data, spec, threads);
                }
            }
        }
    }

    @Test
    void keyFiltersAgreeWithTheAlbisScan() throws IOException {
        assumeTrue(format().readsKeyFilters(), format().name() + " filters by <= only");
        Path data = data(format().codecs().get(0));
        for (ReadSpec spec : keySpecs(table)) {
            for (int threads = 1; threads <= 2; threads++) {
                assertAgrees(data, spec, threads);
            }
        }
    }

    @Test
    void listsAndMapsAgreeWithTheAlbisScan() throws IOException {
        assumeTrue(format().readsListsAndMaps(), format().name() + " does not read lists and maps");
        for (String codec : format().codecs()) {
            Path data = copyDir("nested", codec);
            format().write(nested, data, codec);
            for (ReadSpec spec : nestedSpecs()) {
                for (int threads = 1; threads <= 2; threads++) {
                    assertAgrees(nested, data, spec, threads);
                }
            }
        }
    }

    @Test
    void theNestedTableIsNotTrivial() throws IOException {
        ScanResult all = ChecksumScan.scan(nested, PeerTables.options(ReadSpec.all()), 1);
        assertEquals(ROWS, all.rows());
        long topLevel = 0;
        try (AlbisReader r = nested.newReader(ReadOptions.all())) {
            while (r.advance()) {
                for (int c = 0; c < r.columnCount(); c++) {
                    topLevel += r.isNull(c) ? 1 : 0;
                }
            }
        }
        assertTrue(topLevel > 0 && all.nulls() > 2 * topLevel, "nulls inside lists and maps: " + all.nulls()
                + " in all, " + topLevel + " of whole values");
    }

    @Test
    void theSourceTableIsNotTrivial() throws IOException {
        ScanResult all = ChecksumScan.scan(table, PeerTables.options(ReadSpec.all()), 1);
        assertEquals(ROWS, all.rows());
        assertTrue(all.nulls() > ROWS, "nulls in every nullable column");
        ScanResult half = ChecksumScan.scan(table, PeerTables.options(ReadSpec.all().withFilterAtMost("i", 0)), 1);
        assertTrue(half.rows() > ROWS / 4 && half.rows() < ROWS * 3 / 4, "filter keeps " + half.rows());
    }

    @Test
    void onePartFilePerRowGroupAndNothingElse() throws IOException {
        Path d = copyDir("layout", format().codecs().get(0));
        WriteResult r = format().write(table, d, format().codecs().get(0));
        List<String> names;
        try (var s = Files.list(d)) {
            names = s.map(p -> p.getFileName().toString()).sorted().toList();
        }
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < table.rowGroups().size(); i++) {
            expected.add(PartFiles.name(i, extension()));
        }
        assertEquals(expected, names);
        assertEquals(expected.size(), r.files().size());
        long bytes = 0;
        for (Path p : r.files()) {
            bytes += Files.size(p);
        }
        assertEquals(bytes, r.fileBytes());
        assertTrue(r.nanos() > 0);
        assertThrows(IOException.class, () -> format().write(table, d, format().codecs().get(0)),
                "a directory that is not empty is refused");
    }

    @Test
    void descriptionIsConsistent() {
        assertEquals("none", format().codecs().get(0));
        assertFalse(format().name().isBlank());
        assertTrue(ServiceLoader.load(BenchFormat.class).stream().anyMatch(p -> p.type() == format().getClass()),
                format().name() + " is registered in META-INF/services");
        assertThrows(IllegalArgumentException.class, () -> format().write(table, dir.resolve("bad-codec"), "lz77"));
    }

    @Test
    void unknownColumnsAndMissingFilesAreNamed() throws IOException {
        Path data = data(format().codecs().get(0));
        IOException e = assertThrows(IOException.class,
                () -> format().read(data, ReadSpec.columns(List.of("price", "nope")), 1));
        assertTrue(e.getMessage().contains("nope") && e.getMessage().contains("part-00000"), e.getMessage());
        e = assertThrows(IOException.class, () -> format().read(data, ReadSpec.all().withFilterAtMost("missing", 1), 2));
        assertTrue(e.getMessage().contains("missing"), e.getMessage());
        Exception f = assertThrows(Exception.class, () -> format().read(data, ReadSpec.all().withFilterAtMost("s", 1), 1));
        assertTrue(f.getMessage().contains("'s'"), f.getMessage());
        e = assertThrows(IOException.class, () -> format().read(dir.resolve("nowhere"), ReadSpec.all(), 1));
        assertTrue(e.getMessage().contains("nowhere"), e.getMessage());
    }

    @Test
    void aDamagedFileIsNamed() throws IOException {
        Path d = copyDir("damaged", format().codecs().get(0));
        format().write(table, d, format().codecs().get(0));
        Path second = d.resolve(PartFiles.name(1, extension()));
        byte[] bytes = Files.readAllBytes(second);
        Files.write(second, java.util.Arrays.copyOf(bytes, bytes.length / 3));
        Exception e = assertThrows(Exception.class, () -> format().read(d, ReadSpec.all(), 2));
        assertTrue(e.getMessage().contains(second.getFileName().toString()), e.getMessage());
    }
}
