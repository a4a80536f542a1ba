package io.albis.table;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.albis.layout.TableLayout;
import io.albis.storage.LocalStorage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Removing row groups by name takes exactly their entries, in either layout, and nothing of a neighbour's. */
class RowGroupFilesTest {
    private static final String JOB = "0123456789abcdef0123";
    private static final String OTHER_JOB = "0123456789abcdef0124";

    @TempDir
    Path table;

    private void flatRowGroup(String rg) throws IOException {
        for (int g = 0; g < 2; g++) {
            for (String kind : List.of(TableLayout.DATA_FILE, TableLayout.META_FILE)) {
                Files.writeString(table.resolve(TableLayout.columnGroupFileName(rg, g, kind)), rg);
            }
        }
    }

    private List<String> names() throws IOException {
        return LocalStorage.INSTANCE.list(table.toString());
    }

    @Test
    void removingARowGroupLeavesItsNeighboursWhoseNamesShareItsStart() throws IOException {
        String one = TableLayout.rowGroupName(JOB, 0, 0, 1);
        String ten = TableLayout.rowGroupName(JOB, 0, 0, 10);
        String nextTask = TableLayout.rowGroupName(JOB, 1, 0, 1);
        String otherJob = TableLayout.rowGroupName(OTHER_JOB, 0, 0, 1);
        for (String rg : List.of(one, ten, nextTask, otherJob)) {
            flatRowGroup(rg);
        }
        // A 3.x row group directory of the same job, and entries that belong to no row group.
        String old = TableLayout.rowGroupName(JOB, 0, 1, 1);
        Files.createDirectories(table.resolve(old).resolve("cg-00000000"));
        Files.writeString(table.resolve(old).resolve("cg-00000000").resolve("data"), "x");
        Files.writeString(table.resolve(one + ".cg-00000000.data.bak"), "not a row group file");
        Files.writeString(table.resolve("_schema.00000001"), "s");

        RowGroupFiles.delete(LocalStorage.INSTANCE, table.toString(), List.of(one));
        List<String> left = names();
        assertEquals(0, left.stream().filter(n -> one.equals(TableLayout.rowGroupOf(n))).count(), left.toString());
        for (String rg : List.of(ten, nextTask, otherJob)) {
            assertEquals(4, left.stream().filter(n -> rg.equals(TableLayout.rowGroupOf(n))).count(), rg + " " + left);
        }
        assertEquals(true, left.contains(one + ".cg-00000000.data.bak"));

        List<String> expected = new ArrayList<>(List.of(old));
        for (String rg : List.of(nextTask, ten)) {
            expected.addAll(names().stream().filter(n -> rg.equals(TableLayout.rowGroupOf(n))).toList());
        }
        List<String> deleted = RowGroupFiles.delete(LocalStorage.INSTANCE, table.toString(), names(),
                rg -> JOB.equals(TableLayout.rowGroupJob(rg)));
        assertEquals(expected.stream().sorted().toList(), deleted.stream().sorted().toList());
        assertEquals(List.of("_schema.00000001", one + ".cg-00000000.data.bak"),
                names().stream().filter(n -> TableLayout.rowGroupOf(n) == null).toList());
        assertEquals(4, names().stream().filter(n -> otherJob.equals(TableLayout.rowGroupOf(n))).count(),
                "another job's row group stays");
    }
}
