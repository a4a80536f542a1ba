package io.albis.write;

import io.albis.table.TableState;
import java.io.Serializable;
import java.util.List;

/**
 * The outcome of committing one task attempt. Serializable, so an engine's task can report it to
 * its driver.
 *
 * @param task      the task number
 * @param attempt   the attempt whose row groups the job will publish (this one, or an earlier
 *                  attempt that committed first)
 * @param superseded true when another attempt of the task had committed already: this attempt's
 *                  row groups were removed and the job publishes the other attempt's instead
 * @param rowGroups the row groups the job will publish for this task
 */
public record TaskCommit(int task, int attempt, boolean superseded, List<TableState.Entry> rowGroups)
        implements Serializable {
    public TaskCommit {
        rowGroups = List.copyOf(rowGroups);
    }

    public long rows() {
        long n = 0;
        for (TableState.Entry e : rowGroups) {
            n += e.rows();
        }
        return n;
    }
}
