package io.albis.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.filter.Predicates;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.scan.ChecksumScan;
import io.albis.scan.ScanResult;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.storage.Storage;
import io.albis.table.AlbisTable;
import io.albis.table.TableVerifier;
import io.albis.testing.RandomTables.DataProfile;
import io.albis.testing.RandomTables.Grouping;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A whole table on a backend: written with every type and several column groups, read back
 * value by value, read with a projection and a filter, verified, and scanned to the same checksum
 * as the same rows held in memory. A backend's test extends this class.
 */
public abstract class TableOnStorageContract implements StorageUnderTest {

    private record Written(AlbisTable table, ExpectedTable expected) {}

    private Written write(Storage storage, String path, Grouping grouping, long seed) throws IOException {
        RandomTables gen = new RandomTables(seed);
        List<Field> fields = new ArrayList<>();
        fields.add(Field.required("seq", DataType.INT));
        fields.addAll(gen.everyTypeFields());
        Schema schema = gen.schema(fields, grouping);
        List<Object[]> rows = gen.randomRows(schema, 700, DataProfile.typical());
        for (int r = 0; r < rows.size(); r++) {
            rows.get(r)[0] = r;
        }
        ExpectedTable expected = new ExpectedTable(schema, fields, rows);
        WriterOptions options = WriterOptions.defaults().withSegmentSize(4096).withRowGroupRows(250);
        return new Written(TableChecks.write(storage, path, expected, options, gen.random()), expected);
    }

    @Test
    void aTableRoundTripsWithProjectionFilterAndVerify() throws IOException {
        for (Grouping grouping : Grouping.values()) {
            String path = freshRoot();
            Written w = write(storage(), path, grouping, 41 + grouping.ordinal());
            String context = grouping + " on " + path;
            AlbisTable reopened = AlbisTable.open(storage(), path);
            assertEquals(3, reopened.rowGroups().size(), context + ": row groups");
            TableChecks.assertReadsBack(reopened, w.expected(), grouping.ordinal() % 2 == 0, context);

            // Projection and a range filter: rows 120..479 in order, only the projected columns.
            ExpectedTable e = w.expected();
            List<String> projection = List.of(e.schema().columns().get(3).name(), "seq");
            int[] columns = e.projectionColumns(projection);
            ReadOptions options = ReadOptions.all().withColumns(projection)
                    .withFilter(Predicates.and(Predicates.ge("seq", 120), Predicates.lt("seq", 480)));
            int expectedRow = 120;
            try (AlbisReader r = reopened.newReader(options)) {
                while (r.advance()) {
                    RowAssertions.assertRow(r, e.schema(), columns, e.rows().get(expectedRow), context + ", row " + expectedRow);
                    expectedRow++;
                }
            }
            assertEquals(480, expectedRow, context + ": rows matching the filter");

            assertEquals(List.of(), TableVerifier.verify(reopened), context + ": verify");

            // The same rows in memory scan to the same checksum: nothing was lost or changed in storage.
            MemoryStorage memory = new MemoryStorage();
            AlbisTable inMemory = write(memory, "t", grouping, 41 + grouping.ordinal()).table();
            ScanResult here = ChecksumScan.scan(reopened, ReadOptions.all(), 2);
            ScanResult there = ChecksumScan.scan(inMemory, ReadOptions.all(), 1);
            assertEquals(there.rows(), here.rows(), context);
            assertEquals(there.logicalBytes(), here.logicalBytes(), context);
            assertEquals(there.checksumHex(), here.checksumHex(), context);
            assertTrue(here.rows() == 700, context);
        }
    }
}
