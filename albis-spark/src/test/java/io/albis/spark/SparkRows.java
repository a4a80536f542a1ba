package io.albis.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/** The rows the tests of every package compare: a DataFrame of every type Albis holds, and equality in any order. */
public final class SparkRows {
    private SparkRows() {}

    /** Every type Albis holds, with nulls in every column and at every nested level. */
    public static Dataset<Row> everyType(SparkSession spark) {
        return spark.sql("""
                SELECT id,
                  CAST(id % 128 AS TINYINT) AS b,
                  CAST(id % 30000 AS SMALLINT) AS s,
                  CAST(id AS INT) AS i,
                  CASE WHEN id % 11 = 0 THEN NULL ELSE id * 1000000007 END AS l,
                  CAST(id / 3 AS FLOAT) AS f,
                  CASE WHEN id % 13 = 0 THEN CAST('NaN' AS DOUBLE) ELSE id / 7.0D END AS d,
                  CAST(id / 100 AS DECIMAL(10, 2)) AS dec_short,
                  CASE WHEN id % 9 = 0 THEN NULL ELSE CAST(id * 123456789 AS DECIMAL(38, 6)) END AS dec_wide,
                  DATE_ADD(DATE'2020-01-01', CAST(id AS INT)) AS dt,
                  TIMESTAMP'2020-01-01 00:00:00' + make_interval(0, 0, 0, 0, 0, 0, id) AS ts,
                  TIMESTAMP_NTZ'2021-03-04 05:06:07' + make_interval(0, 0, 0, 0, 0, id, 0) AS ntz,
                  CASE WHEN id % 5 = 0 THEN NULL ELSE concat('s', id, repeat('x', CAST(id % 40 AS INT))) END AS str,
                  CAST(concat('b', id) AS BINARY) AS bin,
                  CASE WHEN id % 17 = 0 THEN NULL ELSE id % 2 = 0 END AS bool,
                  CASE WHEN id % 19 = 0 THEN NULL
                       ELSE named_struct('x', id, 'y', CASE WHEN id % 3 = 0 THEN NULL ELSE concat('y', id) END,
                                         'z', named_struct('w', CAST(id AS DOUBLE))) END AS st,
                  CASE WHEN id % 7 = 0 THEN NULL
                       ELSE array(CAST(id AS INT), CAST(id + 1 AS INT), CASE WHEN id % 2 = 0 THEN NULL ELSE CAST(id AS INT) END) END AS arr,
                  map(concat('k', id), id, 'z', CASE WHEN id % 4 = 0 THEN NULL ELSE id END) AS m,
                  array(named_struct('a', id, 'b', concat('b', id)), CAST(NULL AS STRUCT<a: BIGINT, b: STRING>)) AS arr_struct,
                  map('m', array(CAST(id AS DECIMAL(30, 3)), NULL)) AS map_arr_dec,
                  CAST(id % 4 AS INT) AS part
                FROM range(0, 3000, 1, 3)
                """);
    }

    /** Equal rows, in any order. */
    public static void assertSameRows(Dataset<Row> expected, Dataset<Row> actual) {
        assertSameRows(expected.collectAsList(), actual.collectAsList());
    }

    /** Equal rows, in any order. */
    public static void assertSameRows(List<Row> expected, List<Row> actual) {
        List<Row> e = sorted(expected);
        List<Row> a = sorted(actual);
        assertEquals(e.size(), a.size(), "row count");
        for (int r = 0; r < e.size(); r++) {
            assertEquals(e.get(r), a.get(r), "row " + r);
        }
    }

    private static List<Row> sorted(List<Row> rows) {
        List<Row> out = new ArrayList<>(rows);
        out.sort(Comparator.comparing(SparkRows::key));
        return out;
    }

    /** A row's values as text, binaries by content (a byte[]'s own text is its identity). */
    private static String key(Row r) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < r.length(); i++) {
            Object v = r.get(i);
            sb.append(v instanceof byte[] b ? java.util.Arrays.toString(b) : String.valueOf(v)).append('|');
        }
        return sb.toString();
    }
}
