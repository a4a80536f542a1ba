package io.albis.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.spark.SparkSessions;
import io.albis.table.AlbisTable;
import io.albis.table.RowGroupRef;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The metadata columns _row_group and _row_index against what the Albis Java API says of the same
 * table: on the columnar and the row path, with and without a filter, with and without data columns.
 */
class MetadataColumnsTest {
    @TempDir
    Path dir;

    private final SparkSession spark = SparkSessions.local();

    @Test
    void rowGroupAndRowIndexNameEachRowsPlace() throws Exception {
        String t = dir.resolve("t").toString();
        // one task writes ids in order, 100 rows a row group: row id is row (id % 100) of row group id / 100
        spark.range(0, 1000, 1, 1).selectExpr("id", "CAST(id AS STRING) AS s").write().format("albis")
                .option("rowGroupRows", 100).save(t);
        List<String> names = AlbisTable.open(t).rowGroups().stream().map(RowGroupRef::name).toList();
        String fixed = dir.resolve("fixed").toString();
        spark.range(0, 1000, 1, 1).selectExpr("id", "CASE WHEN id % 3 = 0 THEN NULL ELSE id END AS v").write()
                .format("albis").option("rowGroupRows", 100).save(fixed);
        for (String columnar : List.of("true", "false")) {
            SparkSessions.withConf(Map.of(ColumnarReads.Enabled(), columnar), () -> {
                List<Row> rows = spark.read().format("albis").load(t).where("id % 7 = 3 OR id > 990")
                        .selectExpr("id", "_row_group", "_row_index").collectAsList();
                assertTrue(rows.size() > 100);
                for (Row r : rows) {
                    long id = r.getLong(0);
                    assertEquals(names.get((int) (id / 100)), r.getString(1), "row group of " + id);
                    assertEquals(id % 100, r.getLong(2), "index of " + id);
                }
                Set<Long> alone = spark.read().format("albis").load(t).selectExpr("_row_index").collectAsList()
                        .stream().map(r -> r.getLong(0)).collect(Collectors.toSet());
                assertEquals(100, alone.size(), "without data columns too");
                // A filter evaluated in vectors (a group of fixed-width columns) that Spark does not
                // evaluate again (a null test), so no data column is read: the row indexes of the
                // kept rows, not of a run's first rows.
                List<Long> kept = spark.read().format("albis").load(fixed).where("v IS NULL")
                        .selectExpr("_row_index").collectAsList().stream().map(r -> r.getLong(0)).sorted().toList();
                List<Long> expected = java.util.stream.LongStream.range(0, 1000).filter(i -> i % 3 == 0)
                        .map(i -> i % 100).sorted().boxed().toList();
                assertEquals(expected, kept, "row indexes of the kept rows");
                return null;
            });
        }
    }
}
