package io.albis.bench.experiment;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * One CSV file per experiment, a row per case. Empty cells where a value does not apply; column
 * {@code flag} says {@code faster-than-raw} for a full-table read faster than the raw limit.
 */
final class CsvReport {
    static final String[] HEADER = {"experiment", "point", "dataset", "format", "data_format", "variant", "codec",
        "threads", "rows", "logical_bytes", "file_bytes", "seconds_median", "seconds_min", "seconds_max",
        "repetitions", "forks", "goodput_gbps", "ratio_to_raw", "ratio_to_albis", "checksum", "check", "flag"};

    static final String FASTER_THAN_RAW = "faster-than-raw";

    private CsvReport() {}

    static void write(Path file, List<CaseResult> results) throws IOException {
        CSVFormat format = CSVFormat.DEFAULT.builder().setHeader(HEADER).setRecordSeparator('\n').get();
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
                CSVPrinter csv = new CSVPrinter(w, format)) {
            for (CaseResult r : results) {
                Case c = r.c();
                csv.printRecord(c.experiment(), c.point(), c.dataset().key(), c.format(), c.dataFormat(), c.variant(),
                        c.codec(), c.threads(), r.data().rows(), r.data().logicalBytes(), r.fileBytes(),
                        number(r.medianSeconds(), 6), number(r.minSeconds(), 6), number(r.maxSeconds(), 6),
                        r.nanos().size(), r.forks(), number(r.goodputGBps(), 4), number(r.ratioToRaw(), 4),
                        number(r.ratioToAlbis(), 4), r.data().checksumHex(), r.check().label,
                        r.fasterThanRaw() ? FASTER_THAN_RAW : "");
            }
        }
    }

    private static String number(double v, int decimals) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }
}
