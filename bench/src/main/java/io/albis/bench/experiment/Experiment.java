package io.albis.bench.experiment;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** One of the benchmark's experiments: what it measures and how its results are drawn. */
public interface Experiment {
    int number();

    /** Short name, used in file names: {@code store_sales}, {@code types}, ... */
    String name();

    /** One line saying what is measured, for the table and the chart. */
    String title();

    List<Case> cases(Context context);

    /** Draws the results as a PNG. */
    void chart(List<CaseResult> results, Path png) throws IOException;

    /** File names of the results: {@code 1-store_sales}. */
    default String fileStem() {
        return number() + "-" + name();
    }
}
