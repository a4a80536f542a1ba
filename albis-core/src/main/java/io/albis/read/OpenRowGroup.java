package io.albis.read;

import java.io.IOException;

/** A row group being read: a cursor per column group read, and the row ranges left after pruning. */
final class OpenRowGroup {
    final int index;
    /** By group position; null for groups not read. */
    final ColumnGroupCursor[] cursors;
    /** The cursors that move with the rows (those with a file open). */
    ColumnGroupCursor[] moving = new ColumnGroupCursor[0];
    final RowRanges ranges;

    OpenRowGroup(int index, ColumnGroupCursor[] cursors, RowRanges ranges) {
        this.index = index;
        this.cursors = cursors;
        this.ranges = ranges;
    }

    /** Closes every cursor (its buffer back to the allocator, its file closed); throws the first failure after trying all. */
    void close() throws IOException {
        IOException first = null;
        for (ColumnGroupCursor c : cursors) {
            if (c != null) {
                try {
                    c.close();
                } catch (IOException e) {
                    first = first == null ? e : first;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    void closeQuietly(Throwable cause) {
        try {
            close();
        } catch (IOException e) {
            cause.addSuppressed(e);
        }
    }
}
