package io.albis.spark.convert;

import io.albis.error.InvalidOptionException;
import io.albis.spark.write.AlbisWrites;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The command line of {@link ConvertJob}: the input's format and path, the table to create, the
 * albis source's write options it passes on, and the columns to partition the table by.
 *
 * @param format       {@code parquet}, {@code orc} or {@code albis} (to cut an Albis table anew), the Spark source that reads the input
 * @param input        a file or directory Spark reads (any Hadoop path)
 * @param output       the Albis table to create (any Hadoop path); it must not exist
 * @param writeOptions options of the albis source ({@code rowGroupRows}, {@code rowGroupBytes}, {@code segmentSize},
 *                     {@code columnGroups})
 * @param partitionBy  columns of the input to partition the table by, as {@code partitionBy} does
 */
record ConvertJobOptions(String format, String input, String output, Map<String, String> writeOptions,
        List<String> partitionBy) {

    static final String USAGE = """
            usage: ConvertJob [options] IN OUT
              IN                       a Parquet or ORC file or directory, or an Albis table (local, hdfs://, crail://, any Hadoop path)
              OUT                      the Albis table to create (must not exist)
              --format parquet|orc|albis  the input's format (default parquet)
              --row-group-rows N       rows per row group (default: unlimited)
              --row-group-bytes SIZE   encoded bytes per row group, suffix k, m or g (default 256m)
              --segment-size SIZE      bytes per segment, suffix k, m or g (default 1m)
              --column-groups SPEC     single (default), column, or name1=a,b;name2=c (unnamed columns go to a group rest)
              --partition-by a,b       partition the table by these columns (key=value directories)""";

    /** The options' names on the command line and in the albis source. */
    private static final Map<String, String> WRITE_OPTIONS = Map.of(
            "--row-group-rows", AlbisWrites.ROW_GROUP_ROWS,
            "--row-group-bytes", AlbisWrites.ROW_GROUP_BYTES,
            "--segment-size", AlbisWrites.SEGMENT_SIZE,
            "--column-groups", AlbisWrites.COLUMN_GROUPS);

    /** Reads the command line; an {@link InvalidOptionException} says what is wrong with it. */
    static ConvertJobOptions parse(String... args) {
        String format = "parquet";
        Map<String, String> write = new LinkedHashMap<>();
        List<String> partitionBy = List.of();
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("--")) {
                paths.add(a);
                continue;
            }
            if (i + 1 == args.length) {
                throw new InvalidOptionException(a + " needs a value");
            }
            String value = args[++i];
            if (a.equals("--format")) {
                format = value.toLowerCase(Locale.ROOT);
                if (!format.equals("parquet") && !format.equals("orc") && !format.equals("albis")) {
                    throw new InvalidOptionException("--format must be parquet, orc or albis, got '" + value + "'");
                }
            } else if (a.equals("--partition-by")) {
                partitionBy = Arrays.stream(value.split(",")).map(String::trim).toList();
                if (partitionBy.stream().anyMatch(String::isEmpty)) {
                    throw new InvalidOptionException("--partition-by has an empty column name in '" + value + "'");
                }
            } else if (WRITE_OPTIONS.containsKey(a)) {
                write.put(WRITE_OPTIONS.get(a), value);
            } else {
                throw new InvalidOptionException("unknown option " + a);
            }
        }
        if (paths.size() != 2) {
            throw new InvalidOptionException("give IN and OUT, got " + paths.size() + " path(s)");
        }
        // a bad value is refused here, naming the option, before Spark starts; columns are checked when the job writes
        AlbisWrites.check(write);
        return new ConvertJobOptions(format, paths.get(0), paths.get(1), Map.copyOf(write), partitionBy);
    }
}
