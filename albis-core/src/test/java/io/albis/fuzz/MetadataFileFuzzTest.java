package io.albis.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.albis.layout.FormatVersion;
import io.albis.schema.ColumnGroup;
import io.albis.schema.Schema;
import io.albis.segment.ColumnGroupMetadata;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Fuzzes the metadata file decoder ({@code <rowGroup>.cg-NNNNNNNN.meta}, {@link ColumnGroupMetadata#decode},
 * docs/FORMAT.md §8) and its check against the schema ({@link ColumnGroupMetadata#checkMatches}),
 * as a reader opening a column group does them.
 *
 * <p>Input: one option byte (bit 0: reseal the footer's CRC so the body's checks are reached; the
 * other bits choose the schema, of the golden tables of every format version and the data
 * target's table, see {@link #SCHEMAS}), then the file. The metadata is checked against the
 * schema's column group of its own id, or the schema's first group when there is none. Metadata
 * of the current format that decodes must also survive a round trip: written again and read
 * back, it is written to the same bytes.
 */
class MetadataFileFuzzTest {
    private static final String FILE = "fuzz/t/rg-0123456789abcdef0123-00000000-00000000-00000000.cg-00000000.meta";

    /** The golden tables' schemas in version order, then the data target's. */
    static final List<Schema> SCHEMAS = schemas();

    private static List<Schema> schemas() {
        try {
            List<Schema> out = new ArrayList<>();
            for (Path v : GoldenTables.versions()) {
                out.add(GoldenTables.schema(v));
            }
            out.add(FuzzTable.get().expected.schema());
            return List.copyOf(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @FuzzTest
    void metadataFile(byte[] data) throws Throwable {
        FuzzInput in = new FuzzInput(data);
        int options = in.nextByte();
        Schema schema = SCHEMAS.get((options >>> 1) % SCHEMAS.size());
        byte[] file = FuzzInput.resealedIf((options & 1) != 0, in.rest());
        Documented.run(() -> {
            ColumnGroupMetadata meta = ColumnGroupMetadata.decode(file, FILE);
            ColumnGroup group = schema.groups().stream().filter(g -> g.id() == meta.groupId()).findFirst()
                    .orElse(schema.groups().get(0));
            meta.checkMatches(schema, group, FILE);
            meta.maxSegmentLength();
            if (meta.version().equals(FormatVersion.CURRENT)) {
                byte[] written = meta.encode();
                assertArrayEquals(written, ColumnGroupMetadata.decode(written, FILE).encode(), "metadata round trip");
            }
        });
    }
}
