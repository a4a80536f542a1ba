package io.albis.bench.experiment;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.albis.bench.format.BenchFormat;
import io.albis.bench.format.albis.BenchStorage;
import io.albis.storage.LocalStorage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * Runs tasks in a child JVM started with Spark's JVM flags (from the build) plus the format's
 * {@link BenchFormat#jvmArgs()}, this JVM's classpath and {@code SPARK_LOCAL_IP=127.0.0.1}. The
 * child's output goes to a log, whose tail is shown when it fails. A child that outlives the
 * timeout is killed and the run fails.
 */
final class ForkMeasurer implements Measurer {
    private static final String JVM_ARGS_RESOURCE = "/io/albis/bench/fork-jvm.properties";
    private static final int LOG_TAIL_LINES = 40;

    private final ObjectMapper json = new ObjectMapper();
    private final Path work;
    private final int timeoutMinutes;
    private final List<String> baseArgs;
    private int forks;
    private volatile Process running;
    private final Thread killOnExit = new Thread(this::killRunning, "kill-benchmark-fork");

    ForkMeasurer(int timeoutMinutes) throws IOException {
        this.timeoutMinutes = timeoutMinutes;
        this.baseArgs = sparkJvmArgs();
        this.work = Files.createTempDirectory("albis-bench-forks");
        // A fork must not outlive the harness when it is interrupted.
        Runtime.getRuntime().addShutdownHook(killOnExit);
    }

    /** Spark's JVM flags, which the build copied from the parent POM into a resource. */
    static List<String> sparkJvmArgs() throws IOException {
        Properties p = new Properties();
        try (InputStream in = ForkMeasurer.class.getResourceAsStream(JVM_ARGS_RESOURCE)) {
            if (in == null) {
                throw new IOException(JVM_ARGS_RESOURCE + " is missing from the classpath; build the bench module with Maven");
            }
            p.load(in);
        }
        String args = p.getProperty("spark.jvm.args", "").trim();
        if (args.isEmpty() || args.contains("${")) {
            throw new IOException(JVM_ARGS_RESOURCE + " holds no JVM flags ('" + args + "'); build the bench module with Maven");
        }
        return Arrays.asList(args.split("\\s+"));
    }

    @Override
    public List<Outcome> run(BenchFormat format, List<Task> tasks, String label) throws IOException {
        int n = ++forks;
        Path job = work.resolve("job-" + n + ".json");
        Path report = work.resolve("report-" + n + ".json");
        Path log = work.resolve("fork-" + n + ".log");
        try (FreshCopies fresh = new FreshCopies("fork" + n)) {
            json.writeValue(job.toFile(), new ForkJob(format.name(), fresh.apply(tasks)));
            return runFork(format, tasks, label, job, report, log);
        }
    }

    private List<Outcome> runFork(BenchFormat format, List<Task> tasks, String label, Path job, Path report, Path log)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(baseArgs);
        command.addAll(format.jvmArgs());
        command.addAll(BenchStorage.forkProperties());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(ForkMain.class.getName());
        command.add(job.toString());
        command.add(report.toString());
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");

        String what = label + " " + format.name() + " (" + tasks.size() + (tasks.size() == 1 ? " case" : " cases") + ")";
        Process p = pb.start();
        running = p;
        try {
            if (!p.waitFor(timeoutMinutes, TimeUnit.MINUTES)) {
                p.destroyForcibly().waitFor();
                throw new IOException(what + " ran longer than " + timeoutMinutes + " minutes and was killed (raise"
                        + " --fork-timeout for large scales); last lines of its output:\n" + tail(log));
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for " + what, e);
        } finally {
            running = null;
        }
        if (!Files.exists(report)) {
            throw new IOException(what + " exited with status " + p.exitValue() + " without a report; last lines of"
                    + " its output:\n" + tail(log));
        }
        ForkReport r = json.readValue(report.toFile(), ForkReport.class);
        if (r.error() != null) {
            throw new IOException(what + " failed: " + r.error() + "\nlast lines of its output:\n" + tail(log));
        }
        if (r.outcomes().size() != tasks.size()) {
            throw new IOException(what + " reported " + r.outcomes().size() + " outcomes for " + tasks.size() + " tasks");
        }
        Files.deleteIfExists(job);
        Files.deleteIfExists(report);
        Files.deleteIfExists(log);
        return r.outcomes();
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size()));
        } catch (IOException e) {
            return "(cannot read " + log + ": " + e.getMessage() + ")";
        }
    }

    private void killRunning() {
        Process p = running;
        if (p != null) {
            p.destroyForcibly();
        }
    }

    @Override
    public void close() throws IOException {
        try {
            Runtime.getRuntime().removeShutdownHook(killOnExit);
        } catch (IllegalStateException e) {
            // The JVM is already shutting down; the hook runs anyway.
        }
        LocalStorage.INSTANCE.delete(work.toString());
    }
}
