package io.albis.bench.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.albis.bench.format.ReadSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the parent sends a fork and gets back survives JSON unchanged. */
class ForkJobJsonTest {

    @Test
    void jobsAndReportsRoundTrip() throws Exception {
        ObjectMapper json = new ObjectMapper();
        ForkJob job = new ForkJob("albis", List.of(
                new Task(0, Kind.READ, "albis", "/d/albis-none-cg10", null, "none",
                        ReadSpec.columns(List.of("col3", "col1")).withFilterAtMost("col0", -7), 2, 1, 5),
                new Task(1, Kind.WRITE, "albis", "/d/.tmp/scratch/albis-none", "/d/source", "none", ReadSpec.all(), 1, 0, 1),
                new Task(2, Kind.READ, "albis", "/d/albis-none", null, "none",
                        ReadSpec.all().withFilterIn("key", List.of(9L, -3L, Long.MAX_VALUE)), 1, 0, 1)));
        assertEquals(job, json.readValue(json.writeValueAsString(job), ForkJob.class));
        ForkReport report = new ForkReport(List.of(new Outcome(3, 10, 40, 1, -123456789012345L, 0, List.of(5L, 7L))), null);
        assertEquals(report, json.readValue(json.writeValueAsString(report), ForkReport.class));
    }
}
