package io.albis.testing;

import io.albis.error.CommitConflictException;
import io.albis.evolve.TableEvolution;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.schema.Column;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.storage.Storage;
import io.albis.table.AlbisTable;
import io.albis.table.RowGroupRef;
import io.albis.write.AlbisWriter;
import io.albis.write.RowWriter;
import java.io.IOException;
import java.util.List;
import java.util.Objects;

/**
 * A table whose every value is a function of its row's id (its position in the table) and its
 * column's name, whatever schema version wrote it: {@code id} (int) is the id, {@code s} (string)
 * is "row <id>" or null for every fifth row, a column named a letter and a number k holds id * k
 * (long), except letter {@code n}, whose columns are null. Renaming {@code a3} to {@code r3} keeps
 * its values, so one check covers every version of an evolving table: a reader that mixed two
 * schemas, lost a row or read a partial column group finds a value that breaks the rule.
 */
public final class FormulaTable {
    private FormulaTable() {}

    /** id int not null, s string: the columns every version has. */
    public static Schema.Builder base() {
        return Schema.builder().column("id", DataType.INT, false).column("s", DataType.STRING);
    }

    /** The value of column {@code name} in row {@code id}, as a reader returns it. */
    public static Object value(String name, long id) {
        if (name.equals("id")) {
            return (int) id;
        }
        if (name.equals("s")) {
            return id % 5 == 3 ? null : "row " + id;
        }
        if (name.length() < 2 || !Character.isLetter(name.charAt(0))) {
            throw new IllegalArgumentException("no formula for column '" + name + "'");
        }
        long k = Long.parseLong(name.substring(1));
        return name.charAt(0) == 'n' ? null : id * k;
    }

    /** Writes rows {@code first} to {@code first + count - 1}, every live column of the writer's schema by its formula. */
    public static void write(AlbisWriter w, long first, long count) throws IOException {
        Schema s = w.schema();
        for (long id = first; id < first + count; id++) {
            for (int c : s.liveValueColumns()) {
                set(w, s.column(c), value(s.column(c).name(), id));
            }
            w.nextRow();
        }
    }

    /**
     * Values for a table change's new columns {@code names}: each row group's rows get the
     * formula of the id its {@code id} column holds, read from the row group as the latest state
     * lists it. A row group no longer listed was replaced by a commit since the change began, so
     * the change could not commit anyway: a {@link CommitConflictException} says so at once.
     */
    public static TableEvolution.RowGroupValues values(Storage storage, String table, List<String> names) {
        return (index, rowGroup, w) -> {
            AlbisTable latest = AlbisTable.open(storage, table);
            int position = -1;
            for (RowGroupRef rg : latest.rowGroups()) {
                if (rg.name().equals(rowGroup.name())) {
                    position = rg.index();
                }
            }
            if (position < 0) {
                throw new CommitConflictException("row group " + rowGroup.name() + " is no longer in " + table);
            }
            Schema s = w.schema();
            try (AlbisReader r = latest.newReader(ReadOptions.all().withColumns("id").withRowGroups(position))) {
                while (r.advance()) {
                    for (String n : names) {
                        set(w, s.column(s.columnIndex(n)), value(n, r.getInt(0)));
                    }
                    w.nextRow();
                }
            }
        };
    }

    private static void set(RowWriter w, Column c, Object v) throws IOException {
        if (v == null) {
            w.setNull(c.index());
        } else if (c.type().equals(DataType.INT)) {
            w.setInt(c.index(), (Integer) v);
        } else if (c.type().equals(DataType.STRING)) {
            w.setString(c.index(), (String) v);
        } else {
            w.setLong(c.index(), (Long) v);
        }
    }

    /**
     * Reads the whole snapshot and checks every value against its formula and the ids against the
     * row positions; returns the row count. Throws an {@link AssertionError} naming the first value
     * that breaks the rule.
     */
    public static long check(AlbisTable table) throws IOException {
        long id = 0;
        try (AlbisReader r = table.newReader()) {
            while (r.advance()) {
                for (int i = 0; i < r.columnCount(); i++) {
                    String name = r.column(i).name();
                    Object got = r.getValue(i);
                    if (!Objects.equals(value(name, id), got)) {
                        throw new AssertionError(table.path() + " at state " + table.state().version() + ", schema "
                                + table.schema().version() + ": row " + id + " column " + name + " reads " + got
                                + ", not " + value(name, id));
                    }
                }
                id++;
            }
        }
        if (id != table.state().rowCount()) {
            throw new AssertionError(table.path() + " at state " + table.state().version() + " read " + id
                    + " rows, its state lists " + table.state().rowCount());
        }
        return id;
    }
}
