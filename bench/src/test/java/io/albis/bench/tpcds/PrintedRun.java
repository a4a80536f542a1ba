package io.albis.bench.tpcds;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.albis.bench.BenchMain;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs the harness's command line in this JVM and returns what it printed; fails unless it exits 0. */
final class PrintedRun {
    private PrintedRun() {}

    static String of(String... args) {
        PrintStream saved = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        int status;
        try {
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            status = BenchMain.execute(args);
        } finally {
            System.setOut(saved);
        }
        String log = printed.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, log);
        return log;
    }
}
