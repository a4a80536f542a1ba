package io.albis.bench.experiment;

import io.albis.bench.format.BenchFormat;
import java.io.IOException;
import java.util.List;

/** Runs a list of tasks of one format in one JVM (a fork, or this one). */
interface Measurer extends AutoCloseable {

    /** The outcomes of every task, in task order; fails when any task fails. */
    List<Outcome> run(BenchFormat format, List<Task> tasks, String label) throws IOException;

    @Override
    void close() throws IOException;
}
