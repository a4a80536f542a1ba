package io.albis.spark.catalog;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A JVM of its own running a main class of the test class path with Spark, started the way
 * Spark's own build starts the JVMs of its tests, so that a {@code local-cluster} master can
 * launch executor JVMs from a Maven class path: the module flags Spark needs, {@code spark.testing}
 * and a Spark home, and the class path handed on to executors. Its output goes to a log file.
 * {@link #close} kills it and every process it started (executors included), so a test that fails
 * halfway leaves no JVM behind.
 */
public final class ChildSparkJvm implements AutoCloseable {
    /** The main class of an executor JVM, which a local-cluster's worker starts as a child of the driver. */
    private static final String EXECUTOR_MAIN = "org.apache.spark.executor.CoarseGrainedExecutorBackend";

    private final Process process;
    private final Path log;
    private final Writer input;

    private ChildSparkJvm(Process process, Path log) {
        this.process = process;
        this.log = log;
        this.input = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    }

    /**
     * Starts {@code main} with {@code args} in a JVM of at most 1 GB of heap (a driver that only
     * plans, or local[2] on small tables, needs no more; the machine runs several at once), its
     * output in {@code dir/name.log}.
     */
    public static ChildSparkJvm start(Path dir, String name, Class<?> main, String... args) throws IOException {
        Path sparkHome = Files.createDirectories(dir.resolve("spark-home"));
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String flag : System.getProperty("albis.test.sparkArgLine", "").trim().split("\\s+")) {
            if (!flag.isEmpty()) {
                command.add(flag);
            }
        }
        command.addAll(List.of("-Xmx1g", "-Dspark.testing=1", "-Dspark.test.home=" + sparkHome,
                "-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        Path log = dir.resolve(name + ".log");
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("SPARK_TESTING", "1");
        pb.environment().put("SPARK_SCALA_VERSION", "2.13");
        pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        pb.environment().put("SPARK_DIST_CLASSPATH", System.getProperty("java.class.path"));
        return new ChildSparkJvm(pb.start(), log);
    }

    public Process process() {
        return process;
    }

    /** Writes {@code line} to the JVM's standard input. */
    public void send(String line) throws IOException {
        input.write(line);
        input.write('\n');
        input.flush();
    }

    /** Waits for the JVM to exit by itself; false if it is still running after {@code seconds}. */
    public boolean waitFor(long seconds) throws InterruptedException {
        return process.waitFor(seconds, TimeUnit.SECONDS);
    }

    /** The executor JVMs this JVM's local-cluster runs now, by process id. */
    public List<ProcessHandle> executors() {
        return process.toHandle().descendants().filter(p -> commandLine(p).contains(EXECUTOR_MAIN))
                .sorted(Comparator.comparingLong(ProcessHandle::pid)).toList();
    }

    /**
     * A process's whole command line. {@link ProcessHandle.Info#commandLine} cuts it at 4 KB on
     * Linux, before an executor's main class (its class path comes first), so Linux's own record is read.
     */
    private static String commandLine(ProcessHandle p) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(p.pid()), "cmdline"), StandardCharsets.ISO_8859_1);
        } catch (IOException e) { // not Linux, or the process is gone
            return p.info().commandLine().orElse("");
        }
    }

    /**
     * Kills this JVM at once (SIGKILL), as a crash would; the executors it started, which lose
     * their driver, get {@code graceSeconds} to notice and exit as they would on a cluster, then
     * are killed. Returns when every one of them is gone.
     */
    public void kill(long graceSeconds) throws InterruptedException {
        List<ProcessHandle> started = process.toHandle().descendants().toList();
        process.destroyForcibly();
        awaitExit(started, graceSeconds);
        started.forEach(ProcessHandle::destroyForcibly);
        awaitExit(List.of(process.toHandle()), 30);
        awaitExit(started, 30);
    }

    private static void awaitExit(List<ProcessHandle> processes, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        for (ProcessHandle p : processes) {
            while (p.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
        }
    }

    /** The JVM's output so far. */
    public String log() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    /** The end of the JVM's output, for failure messages. */
    public String logTail() {
        String s = log();
        return s.length() > 6000 ? s.substring(s.length() - 6000) : s;
    }

    /** Kills the JVM and whatever it started, if still running. */
    @Override
    public void close() {
        try {
            kill(0);
        } catch (InterruptedException e) { // every process has had its SIGKILL by the time kill(0) waits
            Thread.currentThread().interrupt();
        }
    }
}
