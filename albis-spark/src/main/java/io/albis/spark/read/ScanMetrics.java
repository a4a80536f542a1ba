package io.albis.spark.read;

import io.albis.read.ReadStats;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomSumMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import java.util.function.LongSupplier;

/**
 * The SQL metrics of an Albis scan, summed over its tasks from each reader's {@link ReadStats}:
 * what filters (pushed and runtime) saved, so a user sees in Spark's UI and in the executed plan
 * how much of a table a query did not read. Spark makes the metric classes by name on the
 * driver, so each has a public no-argument constructor.
 */
public final class ScanMetrics {
    private ScanMetrics() {}

    /** The metrics every Albis scan reports. */
    static CustomMetric[] supported() {
        return new CustomMetric[] {new SegmentsRead(), new SegmentsSkipped(), new RowsDropped()};
    }

    /**
     * The values of one reader, read from {@code stats} whenever Spark asks (every hundred rows on
     * the row path), so a reader makes them once.
     */
    static CustomTaskMetric[] values(ReadStats stats) {
        return new CustomTaskMetric[] {
            value(SegmentsRead.NAME, stats::segmentsRead),
            value(SegmentsSkipped.NAME, stats::segmentsSkipped),
            value(RowsDropped.NAME, stats::rowsDropped)};
    }

    /** A task's value of the metric {@code name}, as {@code value} gives it when asked. */
    static CustomTaskMetric value(String name, LongSupplier value) {
        return new CustomTaskMetric() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public long value() {
                return value.getAsLong();
            }
        };
    }

    /** Segments read from storage. */
    public static final class SegmentsRead extends CustomSumMetric {
        static final String NAME = "albisSegmentsRead";

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public String description() {
            return "segments read";
        }
    }

    /** Segments of the columns read that min/max statistics ruled out. */
    public static final class SegmentsSkipped extends CustomSumMetric {
        static final String NAME = "albisSegmentsSkipped";

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public String description() {
            return "segments skipped by statistics";
        }
    }

    /** Rows of the segments read that a filter evaluated in the scan dropped. */
    public static final class RowsDropped extends CustomSumMetric {
        static final String NAME = "albisRowsDropped";

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public String description() {
            return "rows dropped by filters in the scan";
        }
    }
}
