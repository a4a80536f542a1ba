package io.albis.layout;

/**
 * A format version as a file's header states it (docs/FORMAT.md, "File header" and "Versions").
 * Writers write {@link #CURRENT}; readers read every major version listed in
 * {@link #NEWEST_MINOR}. The major version decides where a data file's first segment starts and
 * how its segments are aligned (2.0), which types a file may hold (3.0), where a table's row
 * groups keep their files (4.0, {@link RowGroupLayout}), and whether table states and task manifests
 * name a row group's partition directory and a state the table's operation and properties (5.0,
 * {@link #hasPartitions()}). Minor version 5.1 appends the columns' bloom filters to metadata files
 * ({@link #hasBloomFilters()}). 6.0 stores lists and maps compactly ({@link #hasLegacyNested()}).
 */
public record FormatVersion(int major, int minor) {
    /** Segments of a format-2 data file start at multiples of this many bytes: the page size. */
    public static final int PAGE_SIZE = 4096;

    public static final FormatVersion V1_0 = new FormatVersion(1, 0);
    public static final FormatVersion V2_0 = new FormatVersion(2, 0);
    public static final FormatVersion V3_0 = new FormatVersion(3, 0);
    public static final FormatVersion V4_0 = new FormatVersion(4, 0);
    public static final FormatVersion V5_0 = new FormatVersion(5, 0);
    public static final FormatVersion V5_1 = new FormatVersion(5, 1);
    public static final FormatVersion V6_0 = new FormatVersion(6, 0);
    /** The version every writer writes. */
    public static final FormatVersion CURRENT = V6_0;

    /** The newest minor version this reader knows, per major version it reads; -1 for majors it does not read. */
    private static final int[] NEWEST_MINOR = {-1, 0, 0, 0, 0, 1, 0};

    /** True when this reader reads files of the major version. */
    public static boolean isReadable(int major) {
        return major < NEWEST_MINOR.length && NEWEST_MINOR[major] >= 0;
    }

    /** The newest major version this reader reads. */
    public static int newestMajor() {
        return NEWEST_MINOR.length - 1;
    }

    /**
     * True when the file's minor version is newer than this reader's for its major: the file may
     * then carry fields this reader does not know, appended after the ones it knows, which it skips.
     */
    public boolean hasNewerMinor() {
        return minor > NEWEST_MINOR[major];
    }

    /** Where a data file's first segment starts: right after the header in 1.x, at the first page boundary since 2.0. */
    public long dataStart() {
        return pageAlignsSegments() ? PAGE_SIZE : FileHeader.LENGTH;
    }

    /** True from 2.0 on: every segment starts at a multiple of {@link #PAGE_SIZE}. */
    public boolean pageAlignsSegments() {
        return major >= 2;
    }

    /**
     * True from 5.0 on: a table state or task manifest names each row group's partition directory
     * ({@link PartitionPath}), and a table state the commit's operation and the table's properties.
     */
    public boolean hasPartitions() {
        return major >= 5;
    }

    /** True from 5.1 on: a metadata file ends its body with the bloom filters of the columns that have them. */
    public boolean hasBloomFilters() {
        return major > 5 || major == 5 && minor >= 1;
    }

    /**
     * True before 6.0: a data file holds its lists and maps in the layout of Spark's
     * {@code UnsafeArrayData} and {@code UnsafeMapData} ({@code io.albis.nested.LegacyNested});
     * from 6.0 in the compact layout of {@code io.albis.nested.NestedFormat}.
     */
    public boolean hasLegacyNested() {
        return major < 6;
    }

    /** The zero bytes that take a file offset to the next page boundary (0 when it is on one). */
    public static int paddingToPage(long offset) {
        return (int) (-offset & (PAGE_SIZE - 1));
    }

    @Override
    public String toString() {
        return major + "." + minor;
    }
}
