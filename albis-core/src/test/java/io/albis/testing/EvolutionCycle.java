package io.albis.testing;

import io.albis.evolve.TableEvolution;
import io.albis.schema.ColumnGroupSpec;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.storage.Storage;
import io.albis.table.AlbisTable;
import io.albis.table.Retention;
import io.albis.table.WriteMode;
import io.albis.write.AlbisWriter;
import io.albis.write.CommitResult;
import io.albis.write.WriteJob;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.util.List;

/**
 * The evolution of a {@link FormulaTable} as a cycle of operations, one commit each: append rows,
 * add two columns with values, rename one, light-drop the other, add a column of nulls, drop it
 * with its group, regroup everything into one group, heavy-drop the renamed column, rebalance. A
 * cycle takes a column number {@code k} of its own, so a cycle started anew (by another process
 * after a kill) never trips over columns an unfinished one left.
 */
public final class EvolutionCycle {
    public enum Step { APPEND, ADD, RENAME, LIGHT_DROP, ADD_NULLS, DROP_GROUP, REGROUP, HEAVY_DROP, REBALANCE }

    /** Rows one append adds: three row groups of {@link #OPTIONS}. */
    public static final int APPEND_ROWS = 30;
    public static final WriterOptions OPTIONS = WriterOptions.defaults().withSegmentSize(4096).withRowGroupRows(10);

    private final Storage storage;
    private final String table;
    private final Retention retention;
    private final TableEvolution evolution;

    public EvolutionCycle(Storage storage, String table, Retention retention) {
        this.storage = storage;
        this.table = table;
        this.retention = retention;
        this.evolution = new TableEvolution(storage, table, OPTIONS, 2, retention);
    }

    /** Creates the table, empty, with the columns every version has. */
    public static void create(Storage storage, String table) throws IOException {
        AlbisWriter.create(storage, table, FormulaTable.base().build(), OPTIONS).close();
    }

    /** Runs {@code step} of the cycle numbered {@code k}; a failure leaves the table as it was. */
    public CommitResult run(Step step, int k) throws IOException {
        String a = "a" + k;
        String b = "b" + k;
        String r = "r" + k;
        String n = "n" + k;
        return switch (step) {
            case APPEND -> append(APPEND_ROWS);
            case ADD -> evolution.addColumns(List.of(Field.required(a, DataType.LONG), Field.of(b, DataType.LONG)),
                    "g" + k, FormulaTable.values(storage, table, List.of(a, b)));
            case RENAME -> evolution.rename(a, r);
            case LIGHT_DROP -> evolution.drop(b, TableEvolution.Drop.LIGHT);
            case ADD_NULLS -> evolution.addColumns(List.of(Field.of(n, DataType.LONG)), null);
            case DROP_GROUP -> evolution.drop(n, TableEvolution.Drop.LIGHT);
            case REGROUP -> evolution.regroup(ColumnGroupSpec.SINGLE);
            case HEAVY_DROP -> evolution.drop(r, TableEvolution.Drop.HEAVY);
            case REBALANCE -> evolution.rebalance(3);
        };
    }

    /**
     * Appends {@code rows} rows as one job, ids continuing from the row count of the state it
     * began from; aborted when it fails (a conflict with a change that committed first, say).
     */
    public CommitResult append(int rows) throws IOException {
        WriteJob job = WriteJob.begin(storage, table, WriteMode.APPEND, OPTIONS, retention);
        try {
            long first = AlbisTable.open(storage, table, job.descriptor().baseVersion()).state().rowCount();
            try (AlbisWriter w = job.newTask(0, 0)) {
                FormulaTable.write(w, first, rows);
            }
            return job.commit();
        } catch (IOException | RuntimeException e) {
            try {
                job.abort();
            } catch (IOException | RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }
}
