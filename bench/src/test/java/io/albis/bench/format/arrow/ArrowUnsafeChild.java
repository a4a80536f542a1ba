package io.albis.bench.format.arrow;

import io.albis.bench.format.ReadSpec;
import io.albis.scan.ScanResult;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Main class of the child JVM {@link ArrowUnsafeFormatTest} starts with Arrow's unsafe flags:
 * reads the Arrow files in {@code args[0]} with {@code arrow-unsafe} for each spec in the other
 * arguments (see {@link #encode}) on 1 and 2 threads, and prints one result line each.
 */
public final class ArrowUnsafeChild {

    private ArrowUnsafeChild() {
    }

    /**
     * {@code col,col;filter<=max}, with {@code *} for all columns, nothing before {@code ;} for no
     * columns and nothing after it for no filter.
     */
    static String encode(ReadSpec spec) {
        String cols = spec.columns() == null ? "*" : String.join(",", spec.columns());
        return cols + ";" + (spec.hasFilter() ? spec.filterColumn() + "<=" + spec.filterMax() : "");
    }

    static ReadSpec decode(String s) {
        String[] parts = s.split(";", -1);
        ReadSpec spec = parts[0].equals("*") ? ReadSpec.all()
                : ReadSpec.columns(parts[0].isEmpty() ? List.of() : Arrays.asList(parts[0].split(",")));
        if (!parts[1].isEmpty()) {
            int at = parts[1].indexOf("<=");
            spec = spec.withFilterAtMost(parts[1].substring(0, at), Long.parseLong(parts[1].substring(at + 2)));
        }
        return spec;
    }

    /** The line printed for one read. */
    static String line(String spec, int threads, ScanResult r) {
        return String.join(" ", "result", spec, String.valueOf(threads), String.valueOf(r.rows()),
                String.valueOf(r.logicalBytes()), String.valueOf(r.nulls()), r.checksumHex());
    }

    public static void main(String[] args) throws Exception {
        System.out.println("flags " + ArrowUnsafeFormat.flagsInEffect());
        Path dir = Path.of(args[0]);
        ArrowUnsafeFormat format = new ArrowUnsafeFormat();
        for (String spec : List.of(args).subList(1, args.length)) {
            for (int threads = 1; threads <= 2; threads++) {
                System.out.println(line(spec, threads, format.read(dir, decode(spec), threads)));
            }
        }
    }
}
