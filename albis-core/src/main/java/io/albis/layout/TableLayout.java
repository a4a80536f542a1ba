package io.albis.layout;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names of the files and directories of a table (docs/FORMAT.md, "Directory layout"):
 * <pre>
 * table/
 *   _schema.00000001            schema versions
 *   _state.00000001             table states: the highest lists the visible row groups, in order
 *   _job.JJJJ/                  a write job in progress: its committed tasks' manifests
 *   rg-JJJJ-TTTTTTTT-AAAAAAAA-SSSSSSSS/   a row group of job JJJJ, task T, attempt A, sequence S
 *   rg-00000000/                format 1.0 (no state file): row groups ordered by number
 *     cg-00000000/              one directory per column group, named by the group's id
 *       data                    the rows of this column group in this row group
 *       meta                    segment metadata of 'data'
 * </pre>
 * Names starting with '_' or '.' other than schema files are invisible to readers: writers build
 * row groups and schemas under such temporary names and rename them into place when complete.
 */
public final class TableLayout {
    public static final String SCHEMA_PREFIX = "_schema.";
    public static final String RG_PREFIX = "rg-";
    public static final String CG_PREFIX = "cg-";
    public static final String DATA_FILE = "data";
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
    private static final Pattern JOB_ID = Pattern.compile("[0-9a-f]{20}");
    private static final Pattern TEMP_TIME = Pattern.compile("_tmp\\..*\\.([0-9a-f]{1,16})\\.[0-9a-f-]{36}");

    private TableLayout() {}

    public static String schemaName(int version) {
        return SCHEMA_PREFIX + String.format("%08d", version);
    }

    public static String rowGroupName(int index) {
        return RG_PREFIX + String.format("%08d", index);
    }

    public static String columnGroupName(int groupId) {
        return CG_PREFIX + String.format("%08d", groupId);
    }

    public static String stateName(int version) {
        return STATE_PREFIX + String.format("%08d", version);
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
        return TASK_PREFIX + String.format("%08d", task);
    }

    /** The directory of the {@code sequence}-th row group written by one attempt of one task of a job. */
    public static String rowGroupName(String jobId, int task, int attempt, int sequence) {
        return RG_PREFIX + jobId + "-" + String.format("%08d-%08d-%08d", task, attempt, sequence);
    }

    /** The job id a row group directory of format 2.0 carries, or null if the name is not one. */
    public static String rowGroupJob(String name) {
        Matcher m = JOB_RG.matcher(name);
        return m.matches() ? m.group(1) : null;
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

    /** The index a row group directory name carries, or -1. */
    public static int rowGroupIndex(String name) {
        return number(RG, name);
    }

    /** The group id a column group directory name carries, or -1. */
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
