package io.albis.bench.experiment;

import java.util.List;

/** The tasks one fork runs, all with one format, in this order. */
public record ForkJob(String format, List<Task> tasks) {}
