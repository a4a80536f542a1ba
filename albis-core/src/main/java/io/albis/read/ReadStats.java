package io.albis.read;

/** What a reader has read so far: shows that pruned segments and unprojected groups cost nothing. */
public final class ReadStats {
    long segmentsRead;
    long bytesRead;
    long segmentsSkipped;
    long rowGroupsRead;
    long rowsDropped;

    public long segmentsRead() {
        return segmentsRead;
    }

    public long bytesRead() {
        return bytesRead;
    }

    /** Segments of the needed column groups ruled out by statistics. */
    public long segmentsSkipped() {
        return segmentsSkipped;
    }

    public long rowGroupsRead() {
        return rowGroupsRead;
    }

    /** Rows of the segments read that the filter dropped (in vectors or row by row). */
    public long rowsDropped() {
        return rowsDropped;
    }

    @Override
    public String toString() {
        return "segments read=" + segmentsRead + " skipped=" + segmentsSkipped + " bytes=" + bytesRead + " rows dropped=" + rowsDropped;
    }
}
