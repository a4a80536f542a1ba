package io.albis.fuzz;

import static io.albis.fuzz.SeedCorpus.options;

import io.albis.error.AlbisFormatException;
import io.albis.schema.Field;
import io.albis.schema.SchemaCodec;
import io.albis.table.TableState;
import io.albis.table.TableStateCodec;
import io.albis.testing.RandomTables;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the committed seed corpora of albis-core's fuzz targets: the golden tables' files of
 * every format version ({@link GoldenTables}), the files of {@link FuzzTable}, a schema of every
 * type, and filters over {@link PredicateFuzzTest}'s odd column names. The seeds are deterministic,
 * so running this again changes nothing unless the format or the tables changed:
 * <pre>
 *   cd albis-core && java -cp target/test-classes:target/classes:$(cat target/fuzz-classpath.txt) \
 *       io.albis.fuzz.FuzzSeeds src/test/resources
 * </pre>
 * (the class path file is what {@code scripts/fuzz} builds).
 */
public final class FuzzSeeds {
    private static final String SCHEMA = "_schema.00000001";
    private static final String STATE = "_state.00000001";

    /** Filters over {@link PredicateFuzzTest}'s table: every type, quoting, every operator. */
    private static final List<String> FILTERS = List.of(
            "id = 3",
            "`select` > 10 AND `and` <= 2.5",
            "`a b` = 'x' OR `a b` IS NULL",
            "NOT (`x-y` BETWEEN -1.5 AND 2.25)",
            "`back``tick` >= DATE '2020-01-31'",
            "`1st` = TRUE OR `1st` = false",
            "`名前` < TIMESTAMP '2021-03-04T05:06:07.123456Z'",
            "`Null` IN ('ab', '')",
            "f != 1e3",
            "wide > 12345678901234567890.123",
            "short IN (1, -2, 3) AND tiny < 0",
            "ntz >= TIMESTAMP '1970-01-01 00:00:00'",
            "st.`in ner` = 5 OR st IS NULL",
            "st.`'q'` <> 'it''s'",
            "l IS NOT NULL",
            "`select` NOT IN (1, 2, 3) OR ((`and` > 0))",
            "id = 99999999999999999999999",
            "5 < id AND NOT id >= 30");

    private FuzzSeeds() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: FuzzSeeds <test resources directory>");
        }
        Path resources = Path.of(args[0]);
        List<Path> golden = GoldenTables.versions();
        schemaSeeds(SeedCorpus.replace(resources, SchemaFileFuzzTest.class), golden);
        metadataSeeds(SeedCorpus.replace(resources, MetadataFileFuzzTest.class), golden);
        stateSeeds(SeedCorpus.replace(resources, TableStateFuzzTest.class), golden);
        dataSeeds(SeedCorpus.replace(resources, DataSegmentsFuzzTest.class));
        SeedCorpus filters = SeedCorpus.replace(resources, PredicateFuzzTest.class);
        for (int i = 0; i < FILTERS.size(); i++) {
            filters.add("filter-" + i, FILTERS.get(i).getBytes(StandardCharsets.UTF_8));
        }
    }

    private static String name(Path version) {
        return "golden-" + version.getFileName();
    }

    private static void schemaSeeds(SeedCorpus seeds, List<Path> golden) throws IOException {
        for (Path v : golden) {
            seeds.add(name(v), options(0), Files.readAllBytes(v.resolve(SCHEMA)));
        }
        seeds.add("fuzz-table", options(0), SchemaCodec.encode(FuzzTable.get().expected.schema()));
        RandomTables gen = new RandomTables(5);
        List<Field> fields = new ArrayList<>(gen.everyTypeFields());
        fields.addAll(gen.randomFields(6, 3));
        seeds.add("every-type", options(0), SchemaCodec.encode(gen.schema(fields, RandomTables.Grouping.RANDOM_PARTITION)));
    }

    /** Each metadata file with the option byte that picks its own table's schema ({@link MetadataFileFuzzTest#SCHEMAS}). */
    private static void metadataSeeds(SeedCorpus seeds, List<Path> golden) throws IOException {
        for (int v = 0; v < golden.size(); v++) {
            int n = 0;
            for (Path f : GoldenTables.files(golden.get(v))) {
                String file = f.getFileName().toString();
                if (file.equals("meta") || file.endsWith(".meta")) {
                    seeds.add(name(golden.get(v)) + "-" + n++, options(v << 1), Files.readAllBytes(f));
                }
            }
        }
        int fuzzTable = MetadataFileFuzzTest.SCHEMAS.size() - 1;
        List<FuzzTable.GroupFiles> files = FuzzTable.get().files;
        for (int i = 0; i < files.size(); i++) {
            seeds.add("fuzz-table-" + i, options(fuzzTable << 1), files.get(i).meta());
        }
    }

    private static void stateSeeds(SeedCorpus seeds, List<Path> golden) throws IOException {
        TableState newest = null;
        List<Path> trees = new ArrayList<>(golden);
        trees.addAll(GoldenTables.partitioned()); // the newest: its manifest seed names partitions
        for (Path v : trees) {
            Path state = v.resolve(STATE);
            if (Files.exists(state)) {
                byte[] bytes = Files.readAllBytes(state);
                seeds.add(name(v), options(0), bytes);
                try {
                    newest = TableStateCodec.decode(bytes, state.toString());
                } catch (AlbisFormatException e) {
                    throw new IOException("golden state " + state + " does not decode", e);
                }
            }
        }
        if (newest == null) {
            throw new IOException("no golden table has a state");
        }
        seeds.add("manifest", options(2), TableStateCodec.encode(new TableStateCodec.Manifest(3, 1, newest.rowGroups())));
    }

    /** For each column group file pair: its rows, checked and not, its metadata, both, and two whole data files. */
    private static void dataSeeds(SeedCorpus seeds) throws IOException {
        List<FuzzTable.GroupFiles> files = FuzzTable.get().files;
        for (int i = 0; i < files.size(); i++) {
            FuzzTable.GroupFiles f = files.get(i);
            byte[] rows = FuzzTable.rowsOf(f);
            seeds.add("rows-" + i + "-checked", options(1, i << 2 | 1, 6), rows);
            seeds.add("rows-" + i + "-unchecked-iterator", options(2, i << 2 | 1, 2), rows);
            seeds.add("meta-" + i + "-checked", options(1, i << 2 | 2, 15), f.meta());
            ByteArrayOutputStream both = new ByteArrayOutputStream();
            both.write(f.meta().length & 0xff);
            both.write(f.meta().length >>> 8);
            both.write(f.meta());
            both.write(rows);
            seeds.add("both-" + i + "-unchecked", options(4, i << 2 | 3, 63), both.toByteArray());
            if (i < 2) {
                seeds.add("file-" + i + "-checked", options(1 | 8, i << 2 | 1, 31), f.data());
            }
        }
    }
}
