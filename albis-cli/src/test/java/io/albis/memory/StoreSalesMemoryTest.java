package io.albis.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.tpcds.TpcdsGenerator;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import io.trino.tpcds.Table;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads TPC-DS store_sales at scale 1 in a JVM with 128 MiB of heap and 64 MiB of direct memory,
 * with 1 and with 4 concurrent readers, through the shared allocator and its documented default
 * limit (half the direct memory, 32 MiB). The table is a column store (one column group per
 * column, 23 groups) with 256 KiB segments, so four readers hold 92 buffers at once: about 23
 * MiB, enough to matter in 64 MiB and under the limit. Generated once, in this JVM; read in a
 * child JVM started with the flags, so the test runs the same under any build tool.
 */
class StoreSalesMemoryTest {
    static final long STORE_SALES_ROWS = 2_880_404;
    /** ChecksumScan's checksum of every value of store_sales at scale 1, whatever the layout. */
    static final String STORE_SALES_CHECKSUM = "7aa1ca33ed2e6903";
    static final int SEGMENT_SIZE = 256 << 10;
    static final long MIB = 1 << 20;
    static final List<String> CHILD_FLAGS = List.of("-Xmx128m", "-XX:MaxDirectMemorySize=64m");

    @TempDir
    static Path dir;

    static Map<String, String> report;

    @BeforeAll
    static void generateAndReadInAChildJvm() throws Exception {
        long start = System.nanoTime();
        String table = dir.resolve("store_sales").toString();
        generate(table);
        long generated = System.nanoTime();
        report = runChild(table);
        System.out.printf("store_sales scale 1: generated in %.1f s, read in the child JVM in %.1f s:%n%s",
                (generated - start) / 1e9, (System.nanoTime() - generated) / 1e9, report.get("all"));
    }

    private static void generate(String path) throws IOException {
        Table storeSales = TpcdsGenerator.table("store_sales");
        Schema schema = TpcdsGenerator.schema(storeSales).columnPerGroup().build();
        // Row groups of 32 MiB, about 13, so each of four readers gets several.
        WriterOptions options = WriterOptions.defaults().withSegmentSize(SEGMENT_SIZE).withRowGroupBytes(32 * MIB);
        try (AlbisWriter writer = AlbisWriter.create(LocalStorage.INSTANCE, path, schema, options)) {
            assertEquals(STORE_SALES_ROWS, TpcdsGenerator.write(storeSales, 1, writer, rows -> { }));
        }
    }

    private static Map<String, String> runChild(String table) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new java.util.ArrayList<>();
        command.add(java.toString());
        command.addAll(CHILD_FLAGS);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), StoreSalesReads.class.getName(), table));
        Path out = dir.resolve("child.out");
        Path err = dir.resolve("child.err");
        Process child = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!child.waitFor(10, TimeUnit.MINUTES)) {
            child.destroyForcibly();
            throw new AssertionError("the child JVM did not finish in 10 minutes; its output:\n" + Files.readString(out));
        }
        String stdout = Files.readString(out);
        String stderr = Files.readString(err);
        assertFalse(stderr.contains("OutOfMemoryError"), "the child ran out of memory:\n" + stderr);
        assertEquals(0, child.exitValue(), "the child JVM failed:\n" + stdout + stderr);
        Map<String, String> values = new HashMap<>();
        for (String line : stdout.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                values.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        values.put("all", stdout);
        return values;
    }

    private static long number(String key) {
        return Long.parseLong(report.get(key));
    }

    @Test
    void theDefaultLimitIsHalfTheDirectMemory() {
        assertEquals(32 * MIB, number("limit"), report.get("all"));
    }

    @Test
    void oneAndFourReadersReadEveryRowAndAgree() {
        String one = report.get("readers1");
        String four = report.get("readers4");
        assertTrue(one.startsWith(STORE_SALES_ROWS + " "), "rows, logical bytes, nulls, checksum: " + one);
        assertTrue(one.endsWith(" " + STORE_SALES_CHECKSUM), "the known checksum: " + one);
        assertEquals(one, four, "four concurrent readers see what one sees");
    }

    @Test
    void everyBufferIsReturnedAndThePeakStaysUnderTheLimit() {
        assertEquals(0, number("outstanding"), report.get("usage"));
        assertEquals(0, number("inUse"), report.get("usage"));
        assertTrue(number("peakReserved") <= number("limit"), report.get("usage"));
        // A reader of 23 column groups holds one 256 KiB buffer for each.
        assertTrue(number("peakInUse") >= 23 * (long) SEGMENT_SIZE, report.get("usage"));
    }

    @Test
    void fourReadersHoldingTheirBuffersAtOnceFitUnderTheLimit() {
        assertTrue(number("fourOpenInUse") >= 4 * 23 * (long) SEGMENT_SIZE, report.get("all"));
        assertEquals(0, number("fourOpenThenClosedInUse"), report.get("all"));
        assertTrue(number("peakReservedAfterFourOpen") <= number("limit"), report.get("all"));
    }

    @Test
    void aLimitTooSmallIsAClearErrorNotAnOutOfMemoryError() {
        String message = report.get("tooSmall");
        assertTrue(message.startsWith("memory limit of 512.0 KiB reached: asked for 256.0 KiB (segment buffer of "),
                message);
        assertTrue(message.contains(" is in use by "), message);
        assertEquals(0, number("tooSmallOutstanding"), "a failed scan returns its buffers");
    }

    @Test
    void aLimitBeyondTheJvmsDirectMemoryIsTheSameClearError() {
        String message = report.get("beyondJvm");
        assertTrue(message.startsWith("the JVM has no direct memory left for 256.0 MiB"), message);
        assertTrue(message.contains("cause: java.lang.OutOfMemoryError"), message);
        assertEquals(0, number("beyondJvmReserved"), "the failed allocation reserves nothing");
    }
}
