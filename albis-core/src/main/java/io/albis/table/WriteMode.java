package io.albis.table;

/** What a write job does to the table's rows when it commits; recorded in the table state it publishes. */
public enum WriteMode {
    /** The job that created the table (its first rows, possibly none). */
    CREATE(1),
    /** Adds the job's row groups after the table's. Concurrent appends all land. */
    APPEND(2),
    /** Replaces the table's row groups with the job's. Conflicts with any commit it did not see. */
    OVERWRITE(3);

    public final int code;

    WriteMode(int code) {
        this.code = code;
    }

    /** The mode with this code, or null. */
    public static WriteMode fromCode(int code) {
        for (WriteMode m : values()) {
            if (m.code == code) {
                return m;
            }
        }
        return null;
    }
}
