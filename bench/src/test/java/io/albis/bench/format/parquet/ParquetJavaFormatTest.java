package io.albis.bench.format.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.albis.bench.format.PartFiles;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.peer.PeerFormatContract;
import io.albis.bench.format.peer.PeerTables;
import io.albis.scan.ChecksumScan;
import io.albis.scan.ScanResult;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParquetJavaFormatTest extends PeerFormatContract {
    /** Keys of the bloom filter test's table: more per part file than a 1 MiB dictionary page holds. */
    private static final long KEYS = 400_000;

    ParquetJavaFormatTest() {
        super(new ParquetJavaFormat(), "parquet");
    }

    /**
     * A bloom filter rules out a key that statistics cannot: distinct keys in random order, more
     * of them per file than a dictionary page holds (parquet-java writes no bloom filter for a
     * column chunk whose every page is dictionary encoded, as the dictionary rules keys out).
     */
    @Test
    void aBloomFilterSkipsEveryRowGroupWithoutTheKey(@TempDir Path dir) throws IOException {
        String source = dir.resolve("keys").toString();
        Schema schema = Schema.builder().column("k", DataType.LONG, false).column("v", DataType.INT).build();
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, source, schema,
                WriterOptions.defaults().withRowGroupRows(KEYS / 2))) {
            for (long i = 0; i < KEYS; i++) {
                w.setLong(0, key(i));
                w.setInt(1, (int) i);
                w.nextRow();
            }
        }
        AlbisTable keys = AlbisTable.open(source);
        long absent = (1L << 40) + 1;
        Path plain = dir.resolve("parquet-none");
        Path bloom = dir.resolve("parquet-none-" + ParquetLayout.withBloomFilter("k").variant());
        format().write(keys, plain, "none");
        format().write(keys, bloom, "none");
        List<Path> plainFiles = PartFiles.list(plain, "parquet");
        List<Path> bloomFiles = PartFiles.list(bloom, "parquet");
        assertEquals(2, bloomFiles.size());
        for (int i = 0; i < plainFiles.size(); i++) {
            assertEquals(1, rowGroupsKept(plainFiles.get(i), absent), plainFiles.get(i).toString());
            assertEquals(0, rowGroupsKept(bloomFiles.get(i), absent), bloomFiles.get(i).toString());
        }
        ReadSpec lookup = ReadSpec.all().withFilterIn("k", List.of(absent, key(77)));
        ScanResult expected = ChecksumScan.scan(keys, PeerTables.options(lookup), 1);
        assertEquals(1, expected.rows());
        ScanResult read = format().read(bloom, lookup, 2);
        assertEquals(expected.checksumHex(), read.checksumHex());
        assertEquals(expected.rows(), read.rows());
    }

    @Test
    void theCopyReadWithoutItsPageIndexAgrees(@TempDir Path dir) throws IOException {
        Path noIndex = dir.resolve("parquet-none-" + ParquetLayout.DEFAULT.withoutPageIndex().variant());
        format().write(table(), noIndex, "none");
        for (ReadSpec spec : keySpecs(table())) {
            assertAgrees(noIndex, spec, 1);
        }
        assertAgrees(noIndex, ReadSpec.columns(List.of("i", "l", "s")).withFilterAtMost("id", 6_000), 2);
    }

    /** Distinct even keys below 2^41 in a scattered order: an odd multiplier permutes the residues mod 2^40. */
    private static long key(long i) {
        return 2 * (i * 0x9E3779B97F4A7C15L & (1L << 40) - 1);
    }

    /** Row groups of a file that parquet-java's row-group filters (statistics, dictionary, bloom filter) keep for {@code k = key}. */
    private static int rowGroupsKept(Path file, long key) throws IOException {
        ParquetReadOptions options = ParquetReadOptions.builder()
                .withRecordFilter(FilterCompat.get(FilterApi.eq(FilterApi.longColumn("k"), key))).build();
        try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file), options)) {
            return r.getRowGroups().size();
        }
    }
}
