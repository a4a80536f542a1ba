package io.albis.bench.experiment;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.albis.bench.format.BenchFormat;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Entry point of a benchmark fork: {@code ForkMain JOB REPORT} reads a {@link ForkJob}, runs its
 * tasks in order and writes a {@link ForkReport}. Exits 0 when every task ran, 1 otherwise.
 */
public final class ForkMain {
    private ForkMain() {}

    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("usage: ForkMain JOB.json REPORT.json");
            System.exit(2);
        }
        ObjectMapper json = new ObjectMapper();
        List<Outcome> outcomes = new ArrayList<>();
        String error = null;
        try {
            ForkJob job = json.readValue(Path.of(args[0]).toFile(), ForkJob.class);
            BenchFormat format = FormatSet.load(null).get(job.format());
            for (Task t : job.tasks()) {
                try {
                    outcomes.add(TaskRunner.run(format, t));
                } catch (Exception | Error e) {
                    error = "task " + t.id() + " (" + t.kind() + " " + t.dir() + ", " + t.threads() + " threads): "
                            + stackTrace(e);
                    break;
                }
            }
        } catch (Exception | Error e) {
            error = stackTrace(e);
        }
        int status = error == null ? 0 : 1;
        try {
            json.writeValue(Path.of(args[1]).toFile(), new ForkReport(outcomes, error));
        } catch (Exception e) {
            e.printStackTrace();
            status = 1;
        }
        // Some libraries leave non-daemon threads behind.
        System.exit(status);
    }

    private static String stackTrace(Throwable e) {
        StringWriter s = new StringWriter();
        e.printStackTrace(new PrintWriter(s));
        return s.toString();
    }
}
