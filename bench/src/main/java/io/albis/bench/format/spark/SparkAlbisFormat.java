package io.albis.bench.format.spark;

import io.albis.bench.format.Codecs;
import io.albis.bench.format.ColumnChange;
import io.albis.bench.format.EvolvingFormat;
import io.albis.bench.format.WriteResult;
import io.albis.bench.format.albis.InPlaceChange;
import io.albis.evolve.TableEvolution;
import io.albis.scan.ScanResult;
import io.albis.spark.evolve.AlbisEvolution;
import io.albis.spark.read.ColumnarReads;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * Albis through the Spark source {@code albis} on its default path: batches of column vectors that
 * read values in place. In experiment 11 the table changes in place through {@link AlbisEvolution},
 * one Spark task per row group.
 */
public final class SparkAlbisFormat extends SparkLevelFormat implements EvolvingFormat {

    public SparkAlbisFormat() {
        super("spark-albis", "albis", "albis", Codecs.ONLY_NONE, Map.of(ColumnarReads.Enabled(), "true"), true);
    }

    /** Albis has no codecs: the source takes no compression option. */
    @Override
    protected Map<String, String> writeOptions(String codec) {
        return Map.of();
    }

    @Override
    public WriteResult change(ColumnChange change, Path copy, Path dir, String codec, int threads) throws IOException {
        SparkSession spark = ready(copy, threads);
        return InPlaceChange.run(copy, dir, table -> {
            switch (change.kind()) {
                case ADD -> AlbisEvolution.addColumn(spark, table, change.column(), change.expression());
                case DROP -> AlbisEvolution.drop(spark, table, change.column(), TableEvolution.Drop.HEAVY);
                case REGROUP -> AlbisEvolution.regroup(spark, table, change.groups());
            }
        });
    }

    @Override
    public ScanResult readChanged(ColumnChange change, Path dir, int threads) throws IOException {
        InPlaceChange.checkSchema(change, dir);
        return super.readChanged(change, dir, threads);
    }
}
