package io.albis.table;

import io.albis.read.RowGroupSource;
import io.albis.read.TableSource;
import io.albis.schema.ColumnGroup;
import io.albis.schema.Schema;
import io.albis.segment.ColumnGroupMetadata;
import io.albis.storage.Storage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** An {@link AlbisTable} as its readers see it ({@link AlbisTable#newReader}). */
final class TableReadSource implements TableSource {
    private final AlbisTable table;

    TableReadSource(AlbisTable table) {
        this.table = table;
    }

    @Override
    public String path() {
        return table.path();
    }

    @Override
    public Schema schema() {
        return table.schema();
    }

    @Override
    public Storage storage() {
        return table.storage();
    }

    @Override
    public List<RowGroupSource> rowGroups(int[] indexes) {
        List<RowGroupSource> out = new ArrayList<>();
        if (indexes == null) {
            for (RowGroupRef rg : table.rowGroups()) {
                out.add(new RowGroup(rg));
            }
        } else {
            for (int index : indexes) {
                out.add(new RowGroup(table.rowGroup(index)));
            }
        }
        return out;
    }

    /** One row group; its column groups are found once ({@link AlbisTable#presentGroups}), when a column group's metadata is first asked for. */
    private final class RowGroup implements RowGroupSource {
        private final RowGroupRef ref;
        private Set<Integer> present;

        RowGroup(RowGroupRef ref) {
            this.ref = ref;
        }

        @Override
        public int index() {
            return ref.index();
        }

        @Override
        public long rowCount() throws IOException {
            return table.rowCount(ref);
        }

        @Override
        public ColumnGroupMetadata metadata(ColumnGroup group) throws IOException {
            if (present == null) {
                present = table.presentGroups(ref);
            }
            return table.metadata(ref, group, present);
        }

        @Override
        public String metadataPath(ColumnGroup group) {
            return table.metadataPath(ref, group);
        }

        @Override
        public String dataPath(ColumnGroup group) {
            return table.dataPath(ref, group);
        }
    }
}
