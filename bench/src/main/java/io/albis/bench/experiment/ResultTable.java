package io.albis.bench.experiment;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The results of an experiment as a fixed-width table. */
final class ResultTable {
    private ResultTable() {}

    static void print(PrintStream out, Experiment e, List<CaseResult> results) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"point", "format", "codec", "thr", "rows", "logical MB", "file MB", "median s",
            "min-max s", "GB/s", "x raw", "x albis", "checksum", "check"});
        for (CaseResult r : results) {
            Case c = r.c();
            rows.add(new String[] {c.point(), c.formatLabel(), c.codec(), Integer.toString(c.threads()),
                String.format(Locale.ROOT, "%,d", r.data().rows()), mb(r.data().logicalBytes()), mb(r.fileBytes()),
                fixed(r.medianSeconds(), 4), r.timed() ? fixed(r.minSeconds(), 3) + "-" + fixed(r.maxSeconds(), 3) : "",
                fixed(r.goodputGBps(), 3), fixed(r.ratioToRaw(), 2), fixed(r.ratioToAlbis(), 2),
                r.data().checksumHex(), r.check().label});
        }
        int[] width = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        out.println();
        out.println("== " + e.number() + ". " + e.title() + " ==");
        for (String[] row : rows) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                // Text columns left-aligned, numbers right-aligned.
                boolean left = i <= 2 || i == 12 || i == 13;
                String f = "%" + (left ? "-" : "") + width[i] + "s";
                sb.append(String.format(Locale.ROOT, f, row[i])).append(i + 1 < row.length ? "  " : "");
            }
            out.println(sb.toString().stripTrailing());
        }
        for (CaseResult r : results) {
            if (r.fasterThanRaw()) {
                out.printf(Locale.ROOT, "FLAG %s: read the whole table at %.2f x raw; a full read cannot beat the"
                        + " physical limit, so the raw loop or the read is wrong%n", r.c(), r.ratioToRaw());
            }
        }
        out.flush();
    }

    private static String mb(long bytes) {
        return bytes == 0 ? "" : String.format(Locale.ROOT, "%.1f", bytes / 1e6);
    }

    private static String fixed(double v, int decimals) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }
}
