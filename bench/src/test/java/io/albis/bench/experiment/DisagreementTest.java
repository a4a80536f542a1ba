package io.albis.bench.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.bench.TestData;
import io.albis.bench.format.BenchFormat;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.WriteResult;
import io.albis.bench.format.albis.AlbisBinaryFormat;
import io.albis.scan.ScanResult;
import io.albis.table.AlbisTable;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A format whose checksum is off fails the run, after the results are written for diagnosis. */
class DisagreementTest {

    /** Reads correctly, then reports one more than the true checksum. */
    static final class OffByOne implements BenchFormat {
        private final BenchFormat inner = new AlbisBinaryFormat();

        @Override
        public String name() {
            return "off-by-one";
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
            ScanResult r = inner.read(dir, spec, threads);
            return new ScanResult(r.rows(), r.logicalBytes(), r.nulls(), r.checksum() + 1, r.nanos());
        }
    }

    @Test
    void aWrongChecksumFailsTheRun(@TempDir Path out) throws IOException {
        Settings settings = new Settings(0.0001, 1, 0, 1, List.of(1), null, null, TestData.root(), out, true, 1);
        FormatSet formats = FormatSet.of(List.of(new AlbisBinaryFormat(), new OffByOne()), null);
        ExperimentRunner runner = new ExperimentRunner(settings, formats, new PrintStream(new ByteArrayOutputStream()));
        DisagreementException e = assertThrows(DisagreementException.class, () -> runner.run(new DataTypes()));
        assertTrue(e.getMessage().contains("off-by-one"), e.getMessage());
        assertTrue(e.getMessage().contains("expected (ChecksumScan of the source)"), e.getMessage());
        List<CSVRecord> rows = ResultFiles.rows(out, new DataTypes());
        for (CSVRecord r : rows) {
            assertEquals(r.get("format").equals("off-by-one") ? "MISMATCH" : "ok", r.get("check"), r.toString());
        }
    }
}
