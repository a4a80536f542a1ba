package io.albis.spark.catalog;

import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * What a table holds, as far as the kill tests tell states apart: its row count, the sum of its
 * {@code id} column, and its column names. Read through a catalog, or through core from the
 * table directory, or computed for rows whose ids are a range.
 */
record TableContent(long rows, long sumOfIds, List<String> columns) {
    /** Rows with ids {@code first} to {@code first + count - 1}. */
    static TableContent range(long first, long count, List<String> columns) {
        return new TableContent(count, count * first + count * (count - 1) / 2, columns);
    }

    /** This table with {@code more}'s rows appended. */
    TableContent plus(TableContent more) {
        return new TableContent(rows + more.rows, sumOfIds + more.sumOfIds, columns);
    }

    TableContent withColumn(String name) {
        List<String> more = new ArrayList<>(columns);
        more.add(name);
        return new TableContent(rows, sumOfIds, more);
    }

    /** Through Spark SQL: {@code table} is a name a catalog of {@code spark} resolves. */
    static TableContent ofCatalog(SparkSession spark, String table) {
        Row r = spark.sql("SELECT count(*), coalesce(sum(id), 0) FROM " + table).first();
        return new TableContent(r.getLong(0), r.getLong(1), List.of(spark.table(table).columns()));
    }

    /** Through core, the table's latest state as {@code albis cat} reads it. */
    static TableContent ofCore(String dir) throws IOException {
        AlbisTable table = AlbisTable.open(dir);
        long rows = 0;
        long sum = 0;
        try (AlbisReader r = table.newReader(ReadOptions.all().withColumns("id"))) {
            while (r.advance()) {
                rows++;
                sum += r.getLong(0);
            }
        }
        return new TableContent(rows, sum, table.schema().liveColumnNames());
    }
}
