package io.albis.bench.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.bench.TestData;
import io.albis.bench.format.BenchFormat;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.WriteResult;
import io.albis.bench.format.albis.AlbisBinaryFormat;
import io.albis.bench.format.raw.RawFormat;
import io.albis.scan.ScanResult;
import io.albis.table.AlbisTable;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A full-table read faster than the raw limit is flagged in the printed results and the CSV: here
 * a format that reads each copy once and answers every later read from memory, as a read that
 * skipped its bytes would.
 */
class FasterThanRawFlagTest {

    /** Reads a copy once, then returns the remembered result without reading, timed at a nanosecond. */
    static final class Remembering implements BenchFormat {
        private final BenchFormat inner = new AlbisBinaryFormat();
        private final Map<Path, ScanResult> seen = new HashMap<>();

        @Override
        public String name() {
            return "remembering";
        }

        @Override
        public String dataFormat() {
            return inner.dataFormat();
        }

        @Override
        public List<String> codecs() {
            return inner.codecs();
        }

        @Override
        public WriteResult write(AlbisTable source, Path dir, String codec) throws IOException {
            return inner.write(source, dir, codec);
        }

        @Override
        public ScanResult read(Path dir, ReadSpec spec, int threads) throws IOException {
            ScanResult r = seen.get(dir);
            if (r == null) {
                r = inner.read(dir, spec, threads);
                seen.put(dir, r);
            }
            return new ScanResult(r.rows(), r.logicalBytes(), r.nulls(), r.checksum(), 1);
        }
    }

    @Test
    void aFullReadFasterThanRawIsFlagged(@TempDir Path out) throws IOException {
        Settings settings = new Settings(0.001, 1, 1, 3, List.of(1), null, null, TestData.root(), out, true, 1);
        FormatSet formats = FormatSet.of(List.of(new RawFormat(), new Remembering()), null);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        new ExperimentRunner(settings, formats, new PrintStream(printed, true, StandardCharsets.UTF_8))
                .run(new DataTypes());
        List<CSVRecord> rows = ResultFiles.rows(out, new DataTypes());
        int flagged = 0;
        for (CSVRecord r : rows) {
            if (r.get("format").equals("remembering")) {
                assertEquals(CsvReport.FASTER_THAN_RAW, r.get("flag"), r.toString());
                flagged++;
            } else {
                assertEquals("", r.get("flag"), "the raw read itself is never flagged: " + r);
            }
        }
        assertTrue(flagged > 0, rows.toString());
        String text = printed.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("FLAG experiment 2"), text);
        assertTrue(text.contains("remembering"), text);
    }
}
