package io.albis.layout;

import io.albis.error.InvalidOptionException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names of the files and directories of a table (docs/FORMAT.md, "Directory layout"):
 * <pre>
 * table/
 *   _schema.00000001            schema versions
 *   _state.00000001             table states: the highest lists the visible row groups, in order
 *   _job.JJJJ/                  a write job in progress: its committed tasks' manifests
 *   rg-JJJJ-TTTTTTTT-AAAAAAAA-SSSSSSSS.cg-00000000.data
 *                               format 4.0: the rows of column group 0 in the row group of job
 *                               JJJJ, task T, attempt A, sequence S
 *   rg-JJJJ-TTTTTTTT-AAAAAAAA-SSSSSSSS.cg-00000000.meta
 *                               segment metadata of that data file
 *   k=v/rg-JJJJ-…               format 5.0: the files of a row group in partition directory k=v
 *                               ({@link PartitionPath})
 * </pre>
 * Formats 2.0 to 3.x kept a row group in a directory of that name, and in it a directory per
 * column group ({@code cg-00000000/data}, {@code cg-00000000/meta}); format 1.0 named row group
 * directories {@code rg-00000000} (no state file: row groups ordered by number). Which of these a
 * table has is decided by {@link RowGroupLayout}. Names starting with '_' or '.' other than schema
 * and state files are invisible to readers.
 */
public final class TableLayout {
    public static final String SCHEMA_PREFIX = "_schema.";
    public static final String RG_PREFIX = "rg-";
    public static final String CG_PREFIX = "cg-";
    /** A column group's data file: its name in a 1.0 to 3.x column group directory, its last part in 4.0. */
    public static final String DATA_FILE = "data";
    /** A column group's metadata file, named as {@link #DATA_FILE} is. */
    public static final String META_FILE = "meta";
    public static final String TEMP_PREFIX = "_tmp.";
    public static final String STATE_PREFIX = "_state.";
    public static final String JOB_PREFIX = "_job.";
    public static final String ABORTED_PREFIX = "_aborted.";
    public static final String TASK_PREFIX = "task-";

    private static final Pattern SCHEMA = Pattern.compile("_schema\\.(\\d{8})");
    private static final Pattern RG = Pattern.compile("rg-(\\d{8})");
    private static final Pattern CG = Pattern.compile("cg-(\\d{8})");
    private static final Pattern STATE = Pattern.compile("_state\\.(\\d{8})");
    private static final Pattern TASK = Pattern.compile("task-(\\d{8})");
    /** A row group of a write job: rg-{job id}-{task}-{attempt}-{sequence}. */
    private static final Pattern JOB_RG = Pattern.compile("rg-([0-9a-f]{20})-(\\d{8})-(\\d{8})-(\\d{8})");
    /**
     * An entry of the table directory that belongs to a row group of a write job: the row group's
     * directory (2.0 to 3.x) or one of its files (4.0), {row group}.cg-{8 digits}.{data|meta}.
     */
    private static final Pattern ROW_GROUP_ENTRY = Pattern.compile(
            "(rg-[0-9a-f]{20}-\\d{8}-\\d{8}-\\d{8})(?:\\.cg-(\\d{8})\\.(data|meta))?");
    private static final Pattern JOB_ID = Pattern.compile("[0-9a-f]{20}");
    private static final Pattern TEMP_TIME = Pattern.compile("_tmp\\..*\\.([0-9a-f]{1,16})\\.[0-9a-f-]{36}");

    /** The largest number a file name holds: names carry exactly 8 digits, and readers match exactly 8. */
    public static final int MAX_NAME_NUMBER = 99_999_999;

    private TableLayout() {}

    /**
     * {@code n} as the 8 digits of a file name. A larger number would be written with more digits
     * and then never be read (readers match 8), so it is refused instead.
     */
    private static String digits(int n, String what) {
        if (n < 0 || n > MAX_NAME_NUMBER) {
            throw new InvalidOptionException(what + " " + n + " does not fit the 8 digits of Albis file names (0.."
                    + MAX_NAME_NUMBER + ")");
        }
        return String.format("%08d", n);
    }

    public static String schemaName(int version) {
        return SCHEMA_PREFIX + digits(version, "schema version");
    }

    public static String rowGroupName(int index) {
        return RG_PREFIX + digits(index, "row group number");
    }

    public static String columnGroupName(int groupId) {
        return CG_PREFIX + digits(groupId, "column group id");
    }

    public static String stateName(int version) {
        return STATE_PREFIX + digits(version, "table state version");
    }

    /** The directory of a write job: its task manifests live there until the job commits or aborts. */
    public static String jobDirName(String jobId) {
        return JOB_PREFIX + jobId;
    }

    /** The marker an abort leaves first, so whatever the abort does not finish is removable at once. */
    public static String abortedMarkerName(String jobId) {
        return ABORTED_PREFIX + jobId;
    }

    public static String taskManifestName(int task) {
        return TASK_PREFIX + digits(task, "task number");
    }

    /** The name of the {@code sequence}-th row group written by one attempt of one task of a job. */
    public static String rowGroupName(String jobId, int task, int attempt, int sequence) {
        return RG_PREFIX + jobId + "-" + digits(task, "task number") + "-" + digits(attempt, "task attempt") + "-"
                + digits(sequence, "row group number of a task");
    }

    /** The job id a row group name (format 2.0 on) carries, or null if the name is not one. */
    public static String rowGroupJob(String name) {
        if (name == null) {
            return null;
        }
        Matcher m = JOB_RG.matcher(name);
        return m.matches() ? m.group(1) : null;
    }

    /**
     * The file of column group {@code groupId} of row group {@code rowGroup} in a table of format
     * 4.0: {@code <rowGroup>.cg-NNNNNNNN.<kind>}, {@code kind} being {@link #DATA_FILE} or {@link #META_FILE}
     * ({@code rowGroup} may be the row group's path in the table directory: the result is then a path too).
     */
    public static String columnGroupFileName(String rowGroup, int groupId, String kind) {
        return rowGroup + "." + columnGroupName(groupId) + "." + kind;
    }

    /**
     * The row group an entry of the table directory belongs to: the name of a row group directory
     * (formats 2.0 to 3.x) or the row group part of a 4.0 column group file; null for any other
     * name. The whole name is matched, never a prefix, so no row group claims another's files.
     */
    public static String rowGroupOf(String entry) {
        Matcher m = ROW_GROUP_ENTRY.matcher(entry);
        return m.matches() ? m.group(1) : null;
    }

    /** A 4.0 column group file's name taken apart. */
    public record ColumnGroupFile(String rowGroup, int groupId, String kind) {}

    /** The parts of a 4.0 column group file's name, or null if the name is not one. */
    public static ColumnGroupFile columnGroupFile(String name) {
        Matcher m = ROW_GROUP_ENTRY.matcher(name);
        if (!m.matches() || m.group(2) == null) {
            return null;
        }
        return new ColumnGroupFile(m.group(1), Integer.parseInt(m.group(2)), m.group(3));
    }

    public static boolean isJobId(String s) {
        return JOB_ID.matcher(s).matches();
    }

    /** The version a table state file name carries, or -1. */
    public static int stateVersion(String name) {
        return number(STATE, name);
    }

    /** The task number a manifest name carries, or -1. */
    public static int taskNumber(String name) {
        return number(TASK, name);
    }

    /** The job id of a job directory or an abort marker name, or null. */
    public static String jobOf(String name, String prefix) {
        if (!name.startsWith(prefix)) {
            return null;
        }
        String id = name.substring(prefix.length());
        return isJobId(id) ? id : null;
    }

    /** The version a schema file name carries, or -1 if the name is not a schema file. */
    public static int schemaVersion(String name) {
        return number(SCHEMA, name);
    }

    /** The index a format 1.0 row group directory name carries, or -1. */
    public static int rowGroupIndex(String name) {
        return number(RG, name);
    }

    /** The group id a column group directory name (formats 1.0 to 3.x) carries, or -1. */
    public static int columnGroupId(String name) {
        return number(CG, name);
    }

    /**
     * A fresh temporary name for something that will be renamed to {@code finalName}. It carries
     * its creation time (milliseconds, hex), so repair can tell work in progress from leftovers.
     */
    public static String tempName(String finalName) {
        return TEMP_PREFIX + finalName + "." + Long.toHexString(System.currentTimeMillis()) + "."
                + java.util.UUID.randomUUID();
    }

    /** The creation time a temporary name carries, or -1 when it carries none (format 1.0 names). */
    public static long tempNameMillis(String name) {
        Matcher m = TEMP_TIME.matcher(name);
        if (!m.matches()) {
            return -1;
        }
        try {
            return Long.parseLong(m.group(1), 16);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** A new job id: the start time in milliseconds (12 hex digits) and 32 random bits (8 hex digits). */
    public static String newJobId(long startMillis) {
        return String.format("%012x%08x", startMillis & 0xffffffffffffL,
                java.util.concurrent.ThreadLocalRandom.current().nextInt());
    }

    /** The start time a job id carries. */
    public static long jobStartMillis(String jobId) {
        return Long.parseLong(jobId.substring(0, 12), 16);
    }

    private static int number(Pattern p, String name) {
        Matcher m = p.matcher(name);
        if (!m.matches()) {
            return -1;
        }
        long v = Long.parseLong(m.group(1));
        return v > Integer.MAX_VALUE ? -1 : (int) v;
    }
}
