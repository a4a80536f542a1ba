package io.albis.bench.format.spark;

import io.albis.bench.format.Codecs;
import io.albis.spark.ColumnarReads;
import java.util.List;
import java.util.Map;

/** Albis through the Spark source {@code albis} on its default path: batches of column vectors that read values in place. */
public final class SparkAlbisFormat extends SparkLevelFormat {

    public SparkAlbisFormat() {
        super("spark-albis", "albis", "albis", List.of(Codecs.NONE), Map.of(ColumnarReads.Enabled(), "true"), true);
    }

    /** Albis has no codecs: the source takes no compression option. */
    @Override
    protected Map<String, String> writeOptions(String codec) {
        return Map.of();
    }
}
