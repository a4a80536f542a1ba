package io.albis.bench.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.bench.jmh.SyntheticData;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileMainTest {
    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return ProfileMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void profilesChecksumScanOfAnAlbisTableIntoAnHtmlFlameGraph() throws Exception {
        Path table = tmp.resolve("ss");
        SyntheticData.writeStoreSales(table, 20_000);
        Path html = tmp.resolve("profiles/albis-binary.html");

        int code = run(ProfileMain.ALBIS_BINARY, "--albis-table", table.toString(), "--seconds", "1", "--warmup", "0.2",
                "--event", "itimer", "--out", html.toString());

        assertEquals(0, code, err());
        assertTrue(Files.size(html) > 0);
        String page = Files.readString(html);
        assertTrue(page.contains("<html") || page.contains("<!DOCTYPE"), "an HTML page");
        assertTrue(page.contains("ChecksumScan"), "the scan's frames are in the flame graph");
        assertTrue(out().contains("rows") && out().contains("flame graph written to " + html), out());
    }

    @Test
    void defaultOutputIsTheFormatNameUnderResultsProfiles() throws Exception {
        Path table = tmp.resolve("ss");
        SyntheticData.writeStoreSales(table, 1_000);

        int code = run(ProfileMain.ALBIS_BINARY, "--albis-table", table.toString(), "--seconds", "0.2", "--warmup", "0",
                "--root", tmp.toString());

        assertEquals(0, code, err());
        assertTrue(Files.isRegularFile(tmp.resolve("bench/results/profiles/albis-binary.html")));
    }

    @Test
    void albisTableNeedsTheAlbisBinaryFormatName() throws Exception {
        Path table = tmp.resolve("ss");
        SyntheticData.writeStoreSales(table, 10);

        assertEquals(2, run("parquet-spark", "--albis-table", table.toString(), "--seconds", "1"));
        assertTrue(err().contains("albis-binary"), err());
    }

    @Test
    void missingHarnessDataSaysHowToPrepareIt() {
        int code = run(ProfileMain.ALBIS_BINARY, "--root", tmp.toString());
        assertEquals(2, code);
        assertTrue(err().contains("--albis-table"), err());
    }

    @Test
    void anUnknownFormatIsAUsageError() {
        assertEquals(2, run("no-such-format", "--root", tmp.toString()));
        assertTrue(err().contains("no format named no-such-format"), err());
    }

    @Test
    void badOptionsPrintTheUsage() {
        assertEquals(2, run("albis-binary", "--event", "cycles"));
        assertTrue(err().contains("--event must be cpu or itimer"), err());
        assertTrue(err().contains("usage:"), err());
        assertEquals(2, run("albis-binary", "--seconds", "-1"));
        assertEquals(2, run("albis-binary", "--interval-us", "0"));
        assertEquals(2, run("albis-binary", "--filter-at-most", "col0"));
        assertTrue(err().contains("--filter-at-most needs COLUMN:K"), err());
        assertEquals(2, run("albis-binary", "--filter-at-most", "col0:x"));
        assertEquals(2, run("albis-binary", "--filter-at-most", "col0:5", "--albis-table", "t"));
        assertTrue(err().contains("not with --albis-table"), err());
        assertEquals(2, run());
    }

    @Test
    void helpAndJvmArgsNeedNoData() {
        assertEquals(0, run("--help"));
        assertTrue(out().contains("--albis-table"));
        out.reset();
        assertEquals(0, run("--jvm-args", ProfileMain.ALBIS_BINARY));
        assertEquals("", out(), "albis-binary needs no extra JVM flags");
        assertEquals(2, run("--jvm-args", "no-such-format"));
    }
}
