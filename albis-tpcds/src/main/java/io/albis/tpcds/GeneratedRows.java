package io.albis.tpcds;

import io.trino.tpcds.Results;
import io.trino.tpcds.Session;
import io.trino.tpcds.Table;
import java.util.Iterator;
import java.util.List;

/**
 * {@link TableRows} by io.trino.tpcds. Public with a public constructor because a
 * {@link SeededClassLoader} defines it apart from the rest of this package.
 */
public final class GeneratedRows implements TableRows {
    public GeneratedRows() {}

    @Override
    public Iterator<List<String>> rows(String tableName, double scale, int parallelism, int chunk) {
        Table table = Table.getTable(tableName);
        Session session = Session.getDefaultSession().withScale(scale).withParallelism(parallelism)
                .withChunkNumber(chunk).withTable(table);
        Iterator<List<List<String>>> items = Results.constructResults(table, session).iterator();
        // Each item holds the table's row first, then rows of a child table generated alongside it.
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return items.hasNext();
            }

            @Override
            public List<String> next() {
                return items.next().get(0);
            }
        };
    }
}
