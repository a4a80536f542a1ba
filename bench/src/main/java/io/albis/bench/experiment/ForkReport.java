package io.albis.bench.experiment;

import java.util.List;

/** What a fork sends back: the outcomes of the tasks it finished, and the error that stopped it, if any. */
public record ForkReport(List<Outcome> outcomes, String error) {}
