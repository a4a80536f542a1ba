package io.albis.read;

import io.albis.error.CorruptFileException;
import io.albis.layout.FileHeader;
import io.albis.memory.BufferAllocator;
import io.albis.row.SegmentRows;
import io.albis.schema.ColumnGroup;
import io.albis.segment.ColumnGroupMetadata;
import io.albis.storage.ReadableFile;
import io.albis.storage.Storage;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;

/**
 * Opens the column groups a reader needs in one row group: reads and cross-checks their
 * metadata, decides with {@link SegmentPruner} which rows to read, and opens a cursor on each
 * data file after checking its length and header. A row group with nothing to read opens no file.
 */
final class RowGroupOpener {
    private final ReadPlan plan;
    private final Storage storage;
    private final boolean verify;
    private final ReadStats stats;

    RowGroupOpener(ReadPlan plan, Storage storage, boolean verify, ReadStats stats) {
        this.plan = plan;
        this.storage = storage;
        this.verify = verify;
        this.stats = stats;
    }

    /**
     * Opens {@code rg}. Group {@code g}'s cursor walks rows with {@code rowsOfGroup[g]}; segment
     * buffers come from {@code allocator} and go back when the row group closes (or fails to open).
     */
    OpenRowGroup open(RowGroupSource rg, SegmentRows[] rowsOfGroup, BufferAllocator allocator) throws IOException {
        ColumnGroupMetadata[] metas = new ColumnGroupMetadata[rowsOfGroup.length];
        long rows = -1;
        for (int g : plan.neededGroups) {
            ColumnGroup group = plan.schema.groups().get(g);
            metas[g] = rg.metadata(group);
            if (rows >= 0 && metas[g].rowCount() != rows) {
                throw new CorruptFileException(rg.metadataPath(group), ColumnGroupMetadata.ROW_COUNT_AT, "holds "
                        + metas[g].rowCount()
                        + " rows but other column groups of the row group hold " + rows);
            }
            rows = metas[g].rowCount();
        }
        if (plan.neededGroups.length == 0) {
            rows = rg.rowCount(); // nothing projected (e.g. count(*)): rows still count
        }
        RowRanges ranges = SegmentPruner.ranges(plan, metas, rows, stats);
        ColumnGroupCursor[] cursors = new ColumnGroupCursor[rowsOfGroup.length];
        List<ColumnGroupCursor> moving = new ArrayList<>();
        OpenRowGroup open = new OpenRowGroup(rg.index(), cursors, ranges);
        try {
            for (int g : plan.neededGroups) {
                if (ranges.count() == 0) {
                    cursors[g] = ColumnGroupCursor.idle(rowsOfGroup[g]);
                    continue;
                }
                String dataPath = rg.dataPath(plan.schema.groups().get(g));
                ReadableFile f = openData(storage, dataPath);
                try {
                    checkDataFile(f, dataPath, metas[g]);
                    cursors[g] = new ColumnGroupCursor(rowsOfGroup[g], metas[g], f, allocator, verify, stats);
                } catch (Throwable e) {
                    f.close();
                    throw e;
                }
                moving.add(cursors[g]);
            }
        } catch (Throwable e) {
            open.closeQuietly(e);
            throw e;
        }
        open.moving = moving.toArray(new ColumnGroupCursor[0]);
        stats.rowGroupsRead++;
        return open;
    }

    /** Opens a listed data file; a missing one is damage of the table, like a missing metadata file. */
    static ReadableFile openData(Storage storage, String path) throws IOException {
        try {
            return storage.open(path);
        } catch (NoSuchFileException | FileNotFoundException e) {
            throw new CorruptFileException(path, -1, "data file is missing from a published row group");
        }
    }

    private static void checkDataFile(ReadableFile f, String path, ColumnGroupMetadata meta) throws IOException {
        long len = f.length();
        if (len != meta.dataLength()) {
            throw new CorruptFileException(path, len, "data file is " + len + " bytes but its metadata says "
                    + meta.dataLength() + (len < meta.dataLength() ? " (truncated)" : ""));
        }
        ByteBuffer header = ByteBuffer.allocate(FileHeader.LENGTH);
        f.readFully(0, header);
        FileHeader.checkDataFile(header, meta.version(), path);
    }
}
