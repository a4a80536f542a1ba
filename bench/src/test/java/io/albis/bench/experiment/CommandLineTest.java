package io.albis.bench.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.bench.BenchMain;
import io.albis.bench.TestData;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Mistakes on the command line end with status 1 and a message naming the problem. */
class CommandLineTest {

    private static String failure(String... args) {
        CommandLine cl = BenchMain.commandLine();
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err));
        int status = cl.execute(args);
        assertTrue(status != 0, "status of " + String.join(" ", args));
        return err.toString();
    }

    @Test
    void unknownFormatsExperimentsAndCountsAreNamed(@TempDir Path dir) {
        String data = dir.toString();
        assertTrue(failure("--formats", "nosuch", "--data", data, "--out", data).contains("no format named 'nosuch'"));
        String beyond = Integer.toString(Experiments.all().size() + 1);
        assertTrue(failure("--experiments", beyond, "--data", data, "--out", data).contains("no experiment " + beyond));
        assertTrue(failure("--forks", "0", "--data", data, "--out", data).contains("--forks must be at least 1"));
        assertTrue(failure("--threads", "0", "--data", data, "--out", data).contains("--threads must list"));
        assertTrue(failure("--threads", "1,4", "--data", data, "--out", data).contains("2 row groups"));
        assertTrue(failure("--scale", "-1", "--data", data, "--out", data).contains("scale"));
        assertTrue(failure("prepare").contains("--experiment"));
    }

    @Test
    void prepareWritesTheDataAndNothingElse(@TempDir Path out) {
        CommandLine cl = BenchMain.commandLine();
        StringWriter printed = new StringWriter();
        cl.setOut(new PrintWriter(printed));
        int status = cl.execute("prepare", "--experiment", "2", "--scale", "0.0001", "--formats", "albis,json",
                "--data", TestData.root().toString());
        assertEquals(0, status);
        assertTrue(Files.isDirectory(TestData.root().resolve("int-rows2500-parts2").resolve("json-none")));
        assertTrue(Files.isDirectory(TestData.root().resolve("binary-rows20-parts2").resolve("albis-none")));
    }
}
