package io.albis.layout;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names of the files and directories of a table (docs/FORMAT.md, "Directory layout"):
 * <pre>
 * table/
 *   _schema.00000001            schema versions; the highest number is the current schema
 *   rg-00000000/                one directory per row group, ordered by number
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

    private static final Pattern SCHEMA = Pattern.compile("_schema\\.(\\d{8})");
    private static final Pattern RG = Pattern.compile("rg-(\\d{8})");
    private static final Pattern CG = Pattern.compile("cg-(\\d{8})");

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

    /** A fresh temporary name for something that will be renamed to {@code finalName}. */
    public static String tempName(String finalName) {
        return TEMP_PREFIX + finalName + "." + java.util.UUID.randomUUID();
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
