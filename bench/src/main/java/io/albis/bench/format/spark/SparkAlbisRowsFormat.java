package io.albis.bench.format.spark;

import io.albis.bench.format.Codecs;
import io.albis.spark.read.ColumnarReads;
import java.util.Map;

/**
 * Albis through the Spark source {@code albis} on its row path ({@code UnsafeRow}s), batches
 * turned off. Writes are the same whichever read path is on: {@code spark-albis} measures them.
 */
public final class SparkAlbisRowsFormat extends SparkLevelFormat {

    public SparkAlbisRowsFormat() {
        super("spark-albis-rows", "albis", "albis", Codecs.ONLY_NONE, Map.of(ColumnarReads.Enabled(), "false"),
                false);
    }
}
