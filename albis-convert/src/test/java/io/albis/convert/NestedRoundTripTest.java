package io.albis.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.albis.convert.orc.AlbisToOrc;
import io.albis.convert.orc.OrcFixtures;
import io.albis.convert.orc.OrcToAlbis;
import io.albis.convert.parquet.AlbisToParquet;
import io.albis.convert.parquet.ParquetFixtures;
import io.albis.convert.parquet.ParquetToAlbis;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.testing.ExpectedTable;
import io.albis.testing.RandomTables;
import io.albis.testing.RowWriting;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.UnaryOperator;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Albis tables with lists, maps (random nestings with structs, nullable at every level) and
 * timestamps without time zone, converted to Parquet or ORC and back: the file reads back through
 * parquet-java's or orc-core's own reader with every value, and the table converted back holds
 * every value and type (ORC, which has no required fields, makes every level nullable).
 */
class NestedRoundTripTest {
    @TempDir
    Path dir;

    /** A random table: an id, random lists and maps, timestamps without time zone, a struct holding a list and a map. */
    static ExpectedTable randomTable(long seed, int rows, boolean forOrc) {
        RandomTables rt = new RandomTables(seed);
        List<Field> fields = new ArrayList<>();
        fields.add(Field.required("id", DataType.INT));
        for (int i = 1 + rt.random().nextInt(4); i > 0; i--) {
            fields.add(new Field(rt.freshName(), rt.randomNestedType(0), rt.random().nextBoolean()));
        }
        fields.add(Field.of(rt.freshName(), DataType.TIMESTAMP_NTZ));
        fields.add(Field.of(rt.freshName(), DataType.struct(Field.of("tags", DataType.list(DataType.STRING, true)),
                Field.required("counts", DataType.map(DataType.STRING, DataType.LONG, false)))));
        RandomTables.Grouping[] groupings = RandomTables.Grouping.values();
        Schema schema = rt.schema(fields, groupings[(int) (seed % groupings.length)]);
        List<Object[]> values = rt.randomRows(schema, rows, RandomTables.DataProfile.typical());
        for (Object[] row : values) {
            row[0] = rt.random().nextInt();
            if (forOrc) {
                for (int c = 0; c < row.length; c++) {
                    row[c] = orcSafe(row[c], schema.column(c).type());
                }
            }
        }
        return new ExpectedTable(schema, fields, values);
    }

    /**
     * The value with every timestamp ORC cannot hold moved as {@link OrcFixtures#orcSafe} moves it.
     */
    private static Object orcSafe(Object v, DataType t) {
        if (v == null) {
            return null;
        }
        return switch (t.id()) {
            case TIMESTAMP -> OrcFixtures.orcSafe((Instant) v);
            case LIST -> ((List<?>) v).stream().map(e -> orcSafe(e, t.elementField().type())).toList();
            case MAP -> {
                Map<Object, Object> out = new LinkedHashMap<>();
                ((Map<?, ?>) v).forEach((k, x) -> out.put(orcSafe(k, t.keyField().type()), orcSafe(x, t.valueField().type())));
                yield out;
            }
            case STRUCT -> {
                if (t.fields().isEmpty()) {
                    yield v; // a struct marker's TRUE
                }
                Map<String, Object> out = new LinkedHashMap<>();
                for (Field f : t.fields()) {
                    out.put(f.name(), orcSafe(((Map<?, ?>) v).get(f.name()), f.type()));
                }
                yield out;
            }
            default -> v;
        };
    }

    private static AlbisTable write(String path, ExpectedTable expected, long seed) throws Exception {
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, path, expected.schema(),
                WriterOptions.defaults().withSegmentSize(4096).withRowGroupRows(150))) {
            RowWriting.writeAll(w, expected, new Random(seed));
        }
        return AlbisTable.open(path);
    }

    @Test
    void albisParquetAlbisKeepsEveryValueAndType() throws Exception {
        roundTrips("parquet", false, (t, file) -> AlbisToParquet.convert(t, file.toString(), ConvertOptions.defaults()),
                NestedRoundTripTest::parquetRows, ParquetToAlbis::convert, fields -> fields);
    }

    @Test
    void albisOrcAlbisKeepsEveryValueAndTypeAllNullable() throws Exception {
        roundTrips("orc", true, (t, file) -> AlbisToOrc.convert(t, file.toString(), ConvertOptions.defaults()),
                OrcFixtures::read, OrcToAlbis::convert, SchemaMappingTest::nullable);
    }

    /** A Parquet file's rows through parquet-java's Group reader, as Albis shows them. */
    private static List<Map<String, Object>> parquetRows(Path file) throws Exception {
        MessageType schema = ParquetFixtures.footerSchema(file);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Group g : ParquetFixtures.read(file)) {
            rows.add(ParquetFixtures.expected(g, schema));
        }
        return rows;
    }

    private interface Export {
        void write(AlbisTable table, Path file) throws Exception;
    }

    private interface Import {
        ConvertResult convert(String file, io.albis.storage.Storage storage, String table, ConvertOptions options)
                throws Exception;
    }

    private interface FileRows {
        List<Map<String, Object>> read(Path file) throws Exception;
    }

    /**
     * Random tables out to a file and back: the file's own reader sees the table's rows, and the
     * table converted back holds them too, its fields as {@code types} says the format keeps them.
     */
    private void roundTrips(String ext, boolean forOrc, Export export, FileRows independent, Import back,
            UnaryOperator<List<Field>> types) throws Exception {
        for (long seed = 1; seed <= 12; seed++) {
            ExpectedTable expected = randomTable(seed, 400, forOrc);
            AlbisTable table = write(dir.resolve("a" + seed).toString(), expected, seed);
            List<Map<String, Object>> albis = AlbisRows.rows(table);
            Path file = dir.resolve("t" + seed + "." + ext);
            export.write(table, file);

            List<Map<String, Object>> read = independent.read(file);
            assertEquals(albis.size(), read.size());
            for (int i = 0; i < read.size(); i++) {
                AlbisRows.assertSameRow(albis.get(i), read.get(i), "seed " + seed + ", row " + i);
            }
            String again = dir.resolve("b" + seed).toString();
            ConvertResult r = back.convert(file.toString(), LocalStorage.INSTANCE, again, ConvertOptions.defaults());
            assertEquals(types.apply(expected.fields()), r.schema().fields(), "seed " + seed);
            assertEquals(albis, AlbisRows.rows(AlbisTable.open(again)), "seed " + seed);
        }
    }
}
