package io.albis.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.bench.dataset.DataStore;
import io.albis.bench.dataset.Dataset;
import io.albis.bench.dataset.IntColumns;
import io.albis.bench.dataset.LookupTable;
import io.albis.bench.dataset.NestedTable;
import io.albis.bench.dataset.SelectivityTable;
import io.albis.bench.dataset.SingleColumn;
import io.albis.bench.dataset.StoreSales;
import io.albis.bench.format.BenchFormat;
import io.albis.bench.format.Codecs;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.albis.AlbisBinaryFormat;
import io.albis.bench.format.albis.AlbisDataFormat;
import io.albis.bench.format.albis.AlbisRowFormat;
import io.albis.bench.format.avro.AvroFormat;
import io.albis.bench.format.json.JsonLinesFormat;
import io.albis.bench.format.raw.RawFormat;
import io.albis.bench.format.raw.RawReadFormat;
import io.albis.scan.ChecksumScan;
import io.albis.scan.ScanResult;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every adapter of this module returns exactly what ChecksumScan returns over the source table
 * (rows, logical bytes, nulls, checksum), for store_sales and each synthetic dataset (all with
 * nulls), with and without projection and filter, with 1 and 2 threads, and for Albis copies in
 * several layouts; the lists-and-maps table by the adapters that read lists and maps, key filters
 * (the point-lookup table) by the adapters that take them.
 */
class AdapterAgreementTest {
    private static final BenchFormat ALBIS_WRITER = new AlbisRowFormat();
    private static final List<BenchFormat> ADAPTERS = List.of(new AlbisRowFormat(), new AlbisBinaryFormat(),
            new RawFormat(), new RawReadFormat(), new JsonLinesFormat(), new AvroFormat());

    static Stream<Arguments> datasets() {
        List<String> int100 = new ArrayList<>();
        for (int c = 0; c < 10; c++) {
            int100.add(IntColumns.column(c));
        }
        return Stream.of(
                Arguments.of(new StoreSales(TestData.STORE_SALES_SCALE), List.of(
                        ReadSpec.all(),
                        ReadSpec.columns(List.of("ss_net_paid", "ss_item_sk", "ss_ticket_number")),
                        ReadSpec.all().withFilterAtMost("ss_quantity", 40),
                        // Filter on a long column that is not projected.
                        ReadSpec.columns(List.of("ss_customer_sk", "ss_ext_tax")).withFilterAtMost("ss_ticket_number", 3000)),
                        List.of("", "cg1", "cg5-seg64k")),
                Arguments.of(new SingleColumn(SingleColumn.Type.INT, 20_000),
                        List.of(ReadSpec.all(), ReadSpec.all().withFilterAtMost(SingleColumn.COLUMN, 0)), List.of("")),
                Arguments.of(new SingleColumn(SingleColumn.Type.LONG, 20_000),
                        List.of(ReadSpec.all(), ReadSpec.all().withFilterAtMost(SingleColumn.COLUMN, -1L << 40)),
                        List.of("")),
                Arguments.of(new SingleColumn(SingleColumn.Type.DOUBLE, 20_000), List.of(ReadSpec.all()), List.of("")),
                Arguments.of(new SingleColumn(SingleColumn.Type.BINARY, 600), List.of(ReadSpec.all()),
                        List.of("", "seg64k")),
                Arguments.of(new IntColumns(IntColumns.COLUMNS, 1_000), List.of(
                        ReadSpec.all(),
                        ReadSpec.columns(int100),
                        ReadSpec.columns(List.of("col77", "col3")).withFilterAtMost("col50", 0)),
                        List.of("", "cg1", "cg10")),
                Arguments.of(new SelectivityTable(true, 20_000), List.of(
                        ReadSpec.all(),
                        ReadSpec.all().withFilterAtMost(SelectivityTable.FILTER_COLUMN, 1),
                        ReadSpec.columns(List.of("col4", "col9")).withFilterAtMost(SelectivityTable.FILTER_COLUMN, 30)),
                        List.of("", "seg64k")),
                Arguments.of(new SelectivityTable(false, 20_000), List.of(
                        ReadSpec.all().withFilterAtMost(SelectivityTable.FILTER_COLUMN, 50),
                        ReadSpec.columns(List.of("col1")).withFilterAtMost(SelectivityTable.FILTER_COLUMN, 100)),
                        List.of("")),
                Arguments.of(new LookupTable(true, 20_000), lookups(new LookupTable(true, 20_000)), List.of("", "seg64k")),
                Arguments.of(new LookupTable(false, 20_000), lookups(new LookupTable(false, 20_000)), List.of("", "cg1")),
                Arguments.of(new NestedTable(20_000), List.of(
                        ReadSpec.all(),
                        ReadSpec.columns(List.of(NestedTable.INTS)),
                        ReadSpec.columns(List.of(NestedTable.COUNTS))),
                        List.of("", "cg1", "seg64k")));
    }

    /** Key filters that find rows: every read of a key filter goes through Albis' own pushdown. */
    private static List<ReadSpec> lookups(LookupTable table) {
        List<Long> some = new ArrayList<>(table.memberKeys(3));
        some.addAll(table.nonMemberKeys(2));
        return List.of(ReadSpec.all(),
                ReadSpec.all().withFilterIn(LookupTable.KEY_COLUMN, table.memberKeys(1)),
                ReadSpec.columns(List.of("note", "quantity")).withFilterIn(LookupTable.KEY_COLUMN, some));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("datasets")
    void everyAdapterAgreesWithChecksumScan(Dataset dataset, List<ReadSpec> specs, List<String> albisVariants)
            throws IOException {
        DataStore store = TestData.store();
        AlbisTable source = store.source(dataset);
        assertEquals(Dataset.PARTS, source.rowGroups().size(), "row groups of the source table");
        for (ReadSpec spec : specs) {
            ScanResult expected = ChecksumScan.scan(source, AlbisDataFormat.options(spec), 1);
            assertTrue(expected.rows() > 0, dataset.key() + " " + spec + " selects no rows");
            if (!spec.hasFilter()) {
                assertTrue(expected.nulls() > 0, dataset.key() + " " + spec + " has no nulls to check");
            }
            for (BenchFormat f : ADAPTERS) {
                if (dataset instanceof NestedTable && !f.readsListsAndMaps() || spec.hasKeyFilter() && !f.readsKeyFilters()) {
                    continue;
                }
                BenchFormat writer = f.dataFormat().equals(AlbisDataFormat.DATA_FORMAT) ? ALBIS_WRITER : f;
                List<String> variants = f.dataFormat().equals(AlbisDataFormat.DATA_FORMAT) ? albisVariants : List.of("");
                for (String variant : variants) {
                    Path dir = store.copy(dataset, writer, Codecs.NONE, variant);
                    for (int threads : new int[] {1, 2}) {
                        ScanResult r = f.read(dir, spec, threads);
                        String what = f.name() + "[" + variant + "] " + threads + " threads, " + dataset.key() + " " + spec;
                        assertEquals(expected.rows(), r.rows(), "rows of " + what);
                        assertEquals(expected.logicalBytes(), r.logicalBytes(), "logical bytes of " + what);
                        assertEquals(expected.nulls(), r.nulls(), "nulls of " + what);
                        assertEquals(expected.checksumHex(), r.checksumHex(), "checksum of " + what);
                        assertTrue(r.nanos() > 0, "wall time of " + what);
                    }
                }
            }
        }
    }
}
