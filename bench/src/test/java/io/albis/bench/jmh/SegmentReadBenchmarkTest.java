package io.albis.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.albis.table.AlbisTable;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SegmentReadBenchmarkTest {

    @Test
    void runsInMiniatureWithAndWithoutVerification() throws Exception {
        Miniature.runAndCheck(SegmentReadBenchmark.class,
                Map.of("segmentKiB", List.of("64"), "verify", List.of("true", "false")), "loadSegment");
    }

    @Test
    void loadsEverySegmentOfTheTable() throws Exception {
        for (boolean verify : new boolean[] {true, false}) {
            SegmentReadBenchmark b = new SegmentReadBenchmark();
            b.segmentKiB = 64;
            b.verify = verify;
            b.setUp();
            try {
                assertEquals(Oracle.segmentFirstValues(64), b.loadSegment(), "verify=" + verify);
            } finally {
                b.tearDown();
            }
        }
    }

    @Test
    void theTableHoldsExactlyTheDeclaredSegments() throws Exception {
        SegmentReadBenchmark b = new SegmentReadBenchmark();
        b.segmentKiB = 64;
        b.verify = true;
        b.setUp();
        try {
            AlbisTable t = b.table;
            assertEquals(1, t.rowGroups().size());
            var meta = t.metadata(t.rowGroups().get(0), t.schema().groups().get(0),
                    t.presentGroups(t.rowGroups().get(0)));
            assertEquals(SegmentReadBenchmark.SEGMENTS, meta.segments().size());
        } finally {
            b.tearDown();
        }
    }
}
