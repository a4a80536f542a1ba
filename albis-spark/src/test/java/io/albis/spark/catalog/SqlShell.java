package io.albis.spark.catalog;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The test's side of a {@link SqlShellMain} JVM: submits statements to it, one a line, and reads
 * its answers. The shell runs them in order, one at a time, so several may be submitted at once.
 */
final class SqlShell implements AutoCloseable {
    /** How statement {@code n} ended: its rows as {@code a,b;c,d}, or the error. */
    record Answer(int n, boolean ok, String text) {}

    private final ChildSparkJvm jvm;
    private final Path answers;
    private int submitted;

    private SqlShell(ChildSparkJvm jvm, Path answers) {
        this.jvm = jvm;
        this.answers = answers;
    }

    /** Starts a shell named {@code name} on {@code master} over {@code warehouse}; its files go to {@code dir}. */
    static SqlShell start(Path dir, String name, String master, Path warehouse) throws IOException {
        Path answers = dir.resolve(name + ".answers");
        Files.createFile(answers);
        return new SqlShell(ChildSparkJvm.start(dir, name, SqlShellMain.class, master, warehouse.toString(),
                answers.toString()), answers);
    }

    ChildSparkJvm jvm() {
        return jvm;
    }

    /** Submits a statement; returns its number, which {@link #await} takes. */
    int submit(String sql) throws IOException {
        jvm.send(sql);
        return ++submitted;
    }

    /** Whether statement {@code n} has begun. */
    boolean begun(int n) throws IOException {
        return lines().contains("BEGIN " + n);
    }

    /** Statement {@code n}'s answer, or null while it runs. */
    Answer answer(int n) throws IOException {
        for (String line : lines()) {
            for (String verdict : List.of("OK ", "FAILED ")) {
                String prefix = verdict + n + " ";
                if (line.startsWith(prefix)) {
                    return new Answer(n, verdict.equals("OK "), line.substring(prefix.length()));
                }
            }
        }
        return null;
    }

    /** Waits up to {@code seconds} for statement {@code n}'s answer; fails if the shell dies first. */
    Answer await(int n, long seconds) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (true) {
            Answer a = answer(n);
            if (a != null) {
                return a;
            }
            if (!jvm.process().isAlive()) {
                fail("the shell died before statement " + n + " ended:\n" + jvm.logTail());
            }
            if (System.nanoTime() > deadline) {
                fail("statement " + n + " did not end in " + seconds + " s:\n" + jvm.logTail());
            }
            Thread.sleep(10);
        }
    }

    /** Runs {@code sql} and returns its rows as {@code a,b;c,d}; fails if it fails. */
    String run(String sql) throws IOException, InterruptedException {
        Answer a = await(submit(sql), 240);
        assertTrue(a.ok(), sql + " failed: " + a.text());
        return a.text();
    }

    /** The answer file's complete lines (the shell may be writing the last one). */
    /** Waits for every statement submitted so far to end; fails unless each succeeded. */
    void awaitAllOk(long seconds) throws IOException, InterruptedException {
        for (int n = 1; n <= submitted; n++) {
            Answer a = await(n, seconds);
            assertTrue(a.ok(), "statement " + n + " failed: " + a.text());
        }
    }

    private List<String> lines() throws IOException {
        String s = Files.readString(answers);
        return s.substring(0, s.lastIndexOf('\n') + 1).lines().toList();
    }

    @Override
    public void close() {
        jvm.close();
    }
}
