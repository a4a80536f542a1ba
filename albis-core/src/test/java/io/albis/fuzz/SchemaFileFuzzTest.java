package io.albis.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.albis.row.RowLayout;
import io.albis.schema.ColumnGroup;
import io.albis.schema.Schema;
import io.albis.schema.SchemaCodec;

/**
 * Fuzzes the schema file decoder ({@code _schema.NNNNNNNN}, {@link SchemaCodec#decode} through
 * {@code io.albis.layout.CheckedFile}, docs/FORMAT.md §5), and what a reader derives from a
 * schema before reading rows: the fields rebuilt from the flattened columns and each column
 * group's row layout.
 *
 * <p>Input: one option byte (bit 0: reseal the footer's CRC so the body's checks are reached),
 * then the file. A schema that decodes must also survive a round trip: written again and read
 * back, it is written to the same bytes.
 */
class SchemaFileFuzzTest {
    private static final String FILE = "fuzz/t/_schema.00000001";

    @FuzzTest
    void schemaFile(byte[] data) throws Throwable {
        FuzzInput in = new FuzzInput(data);
        boolean reseal = (in.nextByte() & 1) != 0;
        byte[] file = FuzzInput.resealedIf(reseal, in.rest());
        Documented.run(() -> {
            Schema schema = SchemaCodec.decode(file, FILE);
            schema.fields();
            for (ColumnGroup g : schema.groups()) {
                new RowLayout(schema, g);
            }
            byte[] written = SchemaCodec.encode(schema);
            assertArrayEquals(written, SchemaCodec.encode(SchemaCodec.decode(written, FILE)), "schema round trip");
        });
    }
}
