package io.albis.bench.experiment;

import io.albis.bench.format.BenchFormat;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Runs tasks in this JVM, without the formats' JVM arguments: for tests, where timings do not matter. */
final class InProcessMeasurer implements Measurer {

    @Override
    public List<Outcome> run(BenchFormat format, List<Task> tasks, String label) throws IOException {
        List<Outcome> out = new ArrayList<>();
        for (Task t : tasks) {
            try {
                out.add(TaskRunner.run(format, t));
            } catch (IOException | RuntimeException e) {
                throw new IOException(label + " " + format.name() + ", task " + t.id() + " (" + t.kind() + " " + t.dir()
                        + "): " + e.getMessage(), e);
            }
        }
        return out;
    }

    @Override
    public void close() {}
}
