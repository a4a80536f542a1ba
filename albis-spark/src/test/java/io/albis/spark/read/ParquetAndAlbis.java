package io.albis.spark.read;

import java.nio.file.Path;
import org.apache.spark.sql.DataFrameWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * One DataFrame written twice, as Parquet and as an Albis table of small segments (so that filters
 * and metadata aggregates meet many of them), for the tests that compare Spark's answers on both.
 *
 * @param parquet the Parquet copy's directory
 * @param albis   the Albis table's directory
 */
record ParquetAndAlbis(String parquet, String albis) {
    /** Writes {@code rows} to {@code dir/parquet} and {@code dir/albis}, partitioned by the columns given. */
    static ParquetAndAlbis write(Dataset<Row> rows, Path dir, String... partitionBy) {
        ParquetAndAlbis tables = new ParquetAndAlbis(dir.resolve("parquet").toString(), dir.resolve("albis").toString());
        writer(rows, partitionBy).parquet(tables.parquet);
        writer(rows, partitionBy).format("albis").option("segmentSize", "4096").save(tables.albis);
        return tables;
    }

    private static DataFrameWriter<Row> writer(Dataset<Row> rows, String... partitionBy) {
        return partitionBy.length == 0 ? rows.write() : rows.write().partitionBy(partitionBy);
    }
}
