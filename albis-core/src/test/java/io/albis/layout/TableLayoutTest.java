package io.albis.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.albis.storage.LocalStorage;
import org.junit.jupiter.api.Test;

/** The names of a table's entries (docs/FORMAT.md §1), taken apart exactly. */
class TableLayoutTest {
    private static final String JOB = "0123456789abcdef0123";
    private static final String RG = TableLayout.rowGroupName(JOB, 1, 2, 3);

    @Test
    void aRowGroupNameIsFixedWidth() {
        assertEquals("rg-0123456789abcdef0123-00000001-00000002-00000003", RG);
        assertEquals(JOB, TableLayout.rowGroupJob(RG));
    }

    @Test
    void aColumnGroupFileNameTakesApartIntoRowGroupGroupAndKind() {
        String data = TableLayout.columnGroupFileName(RG, 12, TableLayout.DATA_FILE);
        assertEquals(RG + ".cg-00000012.data", data);
        assertEquals(new TableLayout.ColumnGroupFile(RG, 12, "data"), TableLayout.columnGroupFile(data));
        String meta = TableLayout.columnGroupFileName(RG, 0, TableLayout.META_FILE);
        assertEquals(new TableLayout.ColumnGroupFile(RG, 0, "meta"), TableLayout.columnGroupFile(meta));
        assertEquals(RG, TableLayout.rowGroupOf(data));
        assertEquals(RG, TableLayout.rowGroupOf(meta));
    }

    @Test
    void aRowGroupDirectoryOfFormats20To3xBelongsToItsRowGroup() {
        assertEquals(RG, TableLayout.rowGroupOf(RG));
        assertNull(TableLayout.columnGroupFile(RG), "a directory is not a 4.0 column group file");
    }

    /** Only the whole name counts: nothing close to a row group's name claims to be one of its entries. */
    @Test
    void namesCloseToARowGroupEntryBelongToNoRowGroup() {
        String[] others = {
            RG + ".cg-00000000.data.bak", RG + ".cg-00000000.datax", RG + ".cg-0000000.meta", RG + ".cg-000000000.meta",
            RG + ".cg-00000000", RG + ".cg-00000000.", RG + "x.cg-00000000.data", RG + "0.cg-00000000.data",
            RG.replace("-00000003", "-000000030") + ".cg-00000000.data", RG.toUpperCase(), RG + "/cg-00000000",
            "_tmp." + RG + ".cg-00000000.data.18c0.0f2a", "rg-00000001", "cg-00000000", "data", "meta",
            "rg-0123456789abcdef012-00000001-00000002-00000003.cg-00000000.data",
        };
        for (String name : others) {
            assertNull(TableLayout.rowGroupOf(name), name);
            assertNull(TableLayout.columnGroupFile(name), name);
        }
    }

    @Test
    void theFormatVersionDecidesTheLayout() {
        assertEquals(RowGroupLayout.DIRECTORIES, RowGroupLayout.of(FormatVersion.V1_0));
        assertEquals(RowGroupLayout.DIRECTORIES, RowGroupLayout.of(FormatVersion.V2_0));
        assertEquals(RowGroupLayout.DIRECTORIES, RowGroupLayout.of(new FormatVersion(3, 1)));
        assertEquals(RowGroupLayout.FLAT, RowGroupLayout.of(FormatVersion.V4_0));
        assertEquals(RowGroupLayout.FLAT, RowGroupLayout.of(new FormatVersion(4, 1)));
        assertEquals(RowGroupLayout.FLAT, RowGroupLayout.current());
    }

    @Test
    void eachLayoutPlacesAColumnGroupsFiles() {
        LocalStorage s = LocalStorage.INSTANCE;
        String rg = "/t/" + RG;
        assertEquals(rg + "/cg-00000007/data", RowGroupLayout.DIRECTORIES.dataPath(s, rg, 7));
        assertEquals(rg + "/cg-00000007/meta", RowGroupLayout.DIRECTORIES.metadataPath(s, rg, 7));
        assertEquals(rg + "/cg-00000007", RowGroupLayout.DIRECTORIES.presencePath(s, rg, 7));
        assertEquals(rg + ".cg-00000007.data", RowGroupLayout.FLAT.dataPath(s, rg, 7));
        assertEquals(rg + ".cg-00000007.meta", RowGroupLayout.FLAT.metadataPath(s, rg, 7));
        assertEquals(rg + ".cg-00000007.meta", RowGroupLayout.FLAT.presencePath(s, rg, 7));
    }
}
