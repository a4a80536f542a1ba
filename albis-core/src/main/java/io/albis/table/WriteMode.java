package io.albis.table;

/**
 * What a commit does to the table's rows; recorded in the table state it publishes
 * (docs/FORMAT.md §11, "Commit scopes"). The code is the byte a state stores; codes 4 to 6 exist
 * from format 5.0 on.
 */
public enum WriteMode {
    /** The job that created the table (its first rows, possibly none). */
    CREATE(1, "CREATE"),
    /** Adds the job's row groups after the table's. Concurrent appends all land. */
    APPEND(2, "APPEND"),
    /** Replaces the table's row groups with the job's. Conflicts with any commit of rows it did not see. */
    OVERWRITE(3, "OVERWRITE"),
    /**
     * Replaces the row groups of the partitions the job wrote rows to with the job's; the other
     * partitions keep theirs (Spark's dynamic partition overwrite). Conflicts as {@link #OVERWRITE} does.
     */
    OVERWRITE_WRITTEN_PARTITIONS(4, "OVERWRITE WRITTEN PARTITIONS"),
    /**
     * Replaces the row groups of the partitions the job named when it began (an overwrite by a
     * filter on partition columns) with the job's, which may lie in any partition. Conflicts as
     * {@link #OVERWRITE} does.
     */
    OVERWRITE_PARTITIONS(5, "OVERWRITE PARTITIONS"),
    /** Changes only the table's properties: row groups and schema are the previous state's. */
    PROPERTIES(6, "SET PROPERTIES");

    /** The byte a table state stores. */
    public final int code;
    /** The operation a state of this mode records when its committer names none, and that of every state before 5.0. */
    public final String operation;

    WriteMode(int code, String operation) {
        this.code = code;
        this.operation = operation;
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

    /** True for the modes whose commits only add row groups, which therefore commute with each other. */
    public boolean onlyAdds() {
        return this == CREATE || this == APPEND;
    }

    /** True for the modes that replace row groups of the table: their job commits only on the state it began from. */
    public boolean replaces() {
        return this == OVERWRITE || this == OVERWRITE_WRITTEN_PARTITIONS || this == OVERWRITE_PARTITIONS;
    }
}
