package io.albis.read;

/** What a reader has read so far: shows that pruned segments and unprojected groups cost nothing. */
public final class ReadStats {
    long segmentsRead;
    long bytesRead;
    long segmentsSkipped;
    long rowGroupsRead;

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

    @Override
    public String toString() {
        return "segments read=" + segmentsRead + " skipped=" + segmentsSkipped + " bytes=" + bytesRead;
    }
}
