package io.albis.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.albis.error.InvalidOptionException;
import io.albis.error.SchemaMismatchException;
import io.albis.filter.Predicate;
import io.albis.filter.PredicateParser;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.table.AlbisTable;
import io.albis.testing.ExpectedTable;
import io.albis.testing.MemoryChecks;
import io.albis.testing.MemoryStorage;
import io.albis.testing.PredicateOracle;
import io.albis.testing.RandomTables;
import io.albis.testing.RandomTables.DataProfile;
import io.albis.testing.TableChecks;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Fuzzes the filter parser ({@link PredicateParser}, the tools' {@code --where}) and the binding of
 * what it parses to a table's columns ({@code io.albis.filter.PredicateBinder}, when a reader is
 * made), on a table whose column names need quoting: spaces, reserved words, a back-quote,
 * non-ASCII letters, a leading digit, a struct's field. The input is the filter's text (UTF-8).
 *
 * <p>Documented besides the file errors: {@link InvalidOptionException} (a syntax error) and
 * {@link SchemaMismatchException} (an unknown column, or a literal the column's type cannot be
 * compared with). A filter that binds is also evaluated: the rows it selects must be the rows
 * {@link PredicateOracle} selects from the written values, when the oracle can judge the literals.
 */
class PredicateFuzzTest {
    private static final String PATH = "fuzz/where";
    private static final Holder TABLE = new Holder();

    /** The table the filters run on, written once per JVM. */
    private static final class Holder {
        final MemoryStorage storage = new MemoryStorage();
        final ExpectedTable expected;

        Holder() {
            List<Field> fields = List.of(
                    Field.required("id", DataType.INT),
                    Field.of("select", DataType.LONG),
                    Field.of("and", DataType.DOUBLE),
                    Field.of("a b", DataType.STRING),
                    Field.of("x-y", DataType.decimal(10, 2)),
                    Field.of("back`tick", DataType.DATE),
                    Field.of("1st", DataType.BOOLEAN),
                    Field.of("名前", DataType.TIMESTAMP),
                    Field.of("Null", DataType.BINARY),
                    Field.of("f", DataType.FLOAT),
                    Field.of("wide", DataType.decimal(30, 3)),
                    Field.of("short", DataType.SHORT),
                    Field.of("tiny", DataType.BYTE),
                    Field.of("ntz", DataType.TIMESTAMP_NTZ),
                    new Field("st", DataType.struct(Field.of("in ner", DataType.INT), Field.of("'q'", DataType.STRING)),
                            true),
                    Field.of("l", DataType.list(DataType.INT, true)));
            Schema schema = Schema.builder().fields(fields).build();
            List<Object[]> rows = new RandomTables(7).randomRows(schema, 40, new DataProfile(0.2, 0, 6, 0, 0));
            for (int r = 0; r < rows.size(); r++) {
                rows.get(r)[0] = r;
            }
            expected = new ExpectedTable(schema, fields, rows);
            try {
                TableChecks.write(storage, PATH, expected,
                        WriterOptions.defaults().withSegmentSize(256).withRowGroupRows(10), new Random(3));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @FuzzTest
    void predicate(byte[] data) throws Throwable {
        String where = new String(data, StandardCharsets.UTF_8);
        Documented.run(() -> {
            Predicate p = PredicateParser.parse(where);
            List<Integer> selected = selectedIds(p);
            List<Integer> judged = oracleIds(p);
            if (judged != null) {
                assertEquals(judged, selected, "rows selected by " + p);
            }
        }, InvalidOptionException.class, SchemaMismatchException.class);
    }

    /** The ids of the rows a reader with filter {@code p} returns (binding {@code p} as it is made). */
    private static List<Integer> selectedIds(Predicate p) throws IOException {
        List<Integer> ids = new ArrayList<>();
        ReadOptions options = ReadOptions.all().withColumns("id").withFilter(p).withAllocator(MemoryChecks.allocator());
        try (AlbisReader r = AlbisTable.open(TABLE.storage, PATH).newReader(options)) {
            while (r.advance()) {
                ids.add(r.getInt(0));
            }
        }
        return ids;
    }

    /** The ids of the rows the oracle selects, or null when it cannot judge a literal of {@code p}. */
    private static List<Integer> oracleIds(Predicate p) {
        List<Integer> ids = new ArrayList<>();
        try {
            for (Object[] row : TABLE.expected.rows()) {
                if (Boolean.TRUE.equals(PredicateOracle.evaluate(p, TABLE.expected.schema(), row))) {
                    ids.add((Integer) row[0]);
                }
            }
        } catch (RuntimeException oracleCannotJudge) {
            return null;
        }
        return ids;
    }
}
