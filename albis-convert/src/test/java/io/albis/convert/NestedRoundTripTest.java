package io.albis.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
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
     * The value with every timestamp in the last second before the epoch (a millisecond or more
     * into it) moved one second back: orc-core reads those one second late, so the converter
     * refuses them (see {@code OrcVectorFillers}).
     */
    private static Object orcSafe(Object v, DataType t) {
        if (v == null) {
            return null;
        }
        return switch (t.id()) {
            case TIMESTAMP -> {
                Instant at = (Instant) v;
                Instant broken = Instant.EPOCH.plus(OrcVectorFillers.LAST_SECOND_BEFORE_EPOCH_BROKEN, ChronoUnit.MICROS);
                yield at.isBefore(Instant.EPOCH) && !at.isBefore(broken) ? at.minusSeconds(1) : at;
            }
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
        for (long seed = 1; seed <= 12; seed++) {
            ExpectedTable expected = randomTable(seed, 400, false);
            AlbisTable table = write(dir.resolve("a" + seed).toString(), expected, seed);
            List<Map<String, Object>> albis = ParquetFixtures.rows(table);
            Path file = dir.resolve("t" + seed + ".parquet");
            AlbisToParquet.convert(table, file.toString(), ConvertOptions.defaults());

            MessageType parquet = ParquetNestedTest.footerSchema(file);
            List<Group> groups = ParquetFixtures.read(file);
            assertEquals(albis.size(), groups.size());
            for (int i = 0; i < groups.size(); i++) {
                ParquetFixtures.assertSameRow(albis.get(i), ParquetFixtures.expected(groups.get(i), parquet),
                        "seed " + seed + ", row " + i);
            }
            String back = dir.resolve("b" + seed).toString();
            ConvertResult r = ParquetToAlbis.convert(file.toString(), LocalStorage.INSTANCE, back, ConvertOptions.defaults());
            assertEquals(expected.fields(), r.schema().fields(), "seed " + seed);
            assertEquals(albis, ParquetFixtures.rows(AlbisTable.open(back)), "seed " + seed);
        }
    }

    @Test
    void albisOrcAlbisKeepsEveryValueAndTypeAllNullable() throws Exception {
        for (long seed = 1; seed <= 12; seed++) {
            ExpectedTable expected = randomTable(seed, 400, true);
            AlbisTable table = write(dir.resolve("a" + seed).toString(), expected, seed);
            List<Map<String, Object>> albis = ParquetFixtures.rows(table);
            Path file = dir.resolve("t" + seed + ".orc");
            AlbisToOrc.convert(table, file.toString(), ConvertOptions.defaults());

            List<Map<String, Object>> orc = OrcFixtures.read(file);
            assertEquals(albis.size(), orc.size());
            for (int i = 0; i < orc.size(); i++) {
                ParquetFixtures.assertSameRow(albis.get(i), orc.get(i), "seed " + seed + ", row " + i);
            }
            String back = dir.resolve("b" + seed).toString();
            ConvertResult r = OrcToAlbis.convert(file.toString(), LocalStorage.INSTANCE, back, ConvertOptions.defaults());
            assertEquals(SchemaMappingTest.nullable(expected.fields()), r.schema().fields(), "seed " + seed);
            assertEquals(albis, ParquetFixtures.rows(AlbisTable.open(back)), "seed " + seed);
        }
    }
}
