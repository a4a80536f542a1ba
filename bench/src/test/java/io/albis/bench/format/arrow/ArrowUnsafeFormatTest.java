package io.albis.bench.format.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.bench.format.BenchFormat;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.peer.PeerFormatContract;
import io.albis.bench.format.peer.PeerTables;
import io.albis.scan.ChecksumScan;
import io.albis.table.AlbisTable;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code arrow-unsafe}: its flags only work in a fresh JVM (Arrow reads them when its classes
 * initialise), so the agreement with the Albis scan is checked in a child JVM started with
 * {@link BenchFormat#jvmArgs()}, as the harness starts its forks. This JVM has the flags off, so
 * here the read must be refused.
 */
class ArrowUnsafeFormatTest {
    @TempDir
    Path dir;

    @Test
    void describesItselfAndItsFlags() {
        BenchFormat f = new ArrowUnsafeFormat();
        assertEquals("arrow-unsafe", f.name());
        assertEquals(new ArrowFormat().dataFormat(), f.dataFormat());
        assertEquals(List.of("none"), f.codecs());
        assertEquals(List.of("-Darrow.enable_unsafe_memory_access=true", "-Darrow.enable_null_check_for_get=false"),
                f.jvmArgs());
        assertTrue(ServiceLoader.load(BenchFormat.class).stream().anyMatch(p -> p.type() == ArrowUnsafeFormat.class));
    }

    @Test
    void aJvmWithoutTheFlagsIsRefused() throws Exception {
        AlbisTable table = PeerTables.write(dir.resolve("t"), 100, 50, 3);
        Path data = dir.resolve("arrow");
        new ArrowUnsafeFormat().write(table, data, "none");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new ArrowUnsafeFormat().read(data, ReadSpec.all(), 1));
        assertTrue(e.getMessage().contains("-Darrow.enable_unsafe_memory_access=true"), e.getMessage());
    }

    @Test
    void withItsFlagsInAChildJvmItAgreesWithTheAlbisScan() throws Exception {
        agreesInAChildJvm(PeerTables.write(dir.resolve("t"), 12_000, 5_000, 20261121L), PeerFormatContract.specs());
    }

    @Test
    void withItsFlagsInAChildJvmItReadsListsAndMapsAsTheAlbisScan() throws Exception {
        agreesInAChildJvm(PeerTables.writeNested(dir.resolve("t"), 12_000, 5_000, 20261124L),
                PeerFormatContract.nestedSpecs());
    }

    private void agreesInAChildJvm(AlbisTable table, List<ReadSpec> readSpecs) throws Exception {
        Path data = dir.resolve("arrow");
        new ArrowUnsafeFormat().write(table, data, "none");
        List<String> specs = new ArrayList<>();
        for (ReadSpec s : readSpecs) {
            specs.add(ArrowUnsafeChild.encode(s));
        }
        List<String> lines = runChild(data, specs);
        assertEquals("flags true", lines.get(0), "the child JVM has both checks off");
        int at = 1;
        for (String s : specs) {
            for (int threads = 1; threads <= 2; threads++) {
                String expected = ArrowUnsafeChild.line(s, threads,
                        ChecksumScan.scan(table, PeerTables.options(ArrowUnsafeChild.decode(s)), threads));
                assertEquals(expected, lines.get(at++));
            }
        }
        assertEquals(at, lines.size());
    }

    /** Runs {@link ArrowUnsafeChild} in a JVM with this JVM's flags plus arrow-unsafe's, and returns its result lines. */
    private List<String> runChild(Path data, List<String> specs) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            // Surefire's own agents and debug options belong to this JVM only.
            if (!a.startsWith("-javaagent") && !a.startsWith("-agentlib")) {
                cmd.add(a);
            }
        }
        cmd.addAll(new ArrowUnsafeFormat().jvmArgs());
        cmd.add("-cp");
        cmd.add(System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")));
        cmd.add(ArrowUnsafeChild.class.getName());
        cmd.add(data.toString());
        cmd.addAll(specs);
        Path out = dir.resolve("child.out");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!p.waitFor(3, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("the child JVM did not finish in 3 minutes; its output:\n" + Files.readString(out));
        }
        String output = Files.readString(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), "child JVM failed:\n" + output);
        return output.lines().filter(l -> l.startsWith("flags ") || l.startsWith("result ")).toList();
    }
}
