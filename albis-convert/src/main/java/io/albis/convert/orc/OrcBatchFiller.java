package io.albis.convert.orc;

import io.albis.convert.ValueSource;
import io.albis.read.AlbisReader;
import io.albis.schema.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DateColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.Decimal64ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ListColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MapColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.UnionColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;

/**
 * Copies the current row of an {@link AlbisReader} into the next slot of an ORC
 * {@link VectorizedRowBatch} made by {@code createRowBatchV2} of {@link OrcSchemas#toOrc}
 * (decimals of up to 18 digits in a {@link Decimal64ColumnVector}, as unscaled longs). Flattened
 * structs are rebuilt from their columns; every other column's values, lists and maps included,
 * are written by {@link OrcVectorFillers}.
 */
final class OrcBatchFiller {
    private final Slot[] slots;
    /** The values of the reader last filled from, by the reader's column index. */
    private ValueSource source;
    private AlbisReader sourceReader;

    /**
     * @param columnOf the reader's column index for each column path (leaves and struct markers)
     */
    OrcBatchFiller(List<Field> fields, Map<List<String>, Integer> columnOf, VectorizedRowBatch batch) {
        List<Slot> out = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            out.add(slot(fields.get(i), List.of(), columnOf, batch.cols[i]));
        }
        this.slots = out.toArray(new Slot[0]);
        // The values are proleptic Gregorian already: mark the vectors so the writer does not convert them.
        for (ColumnVector v : batch.cols) {
            markProleptic(v);
        }
    }

    /** Sets row {@code row} of the batch from the reader's current row. */
    void fill(AlbisReader r, int row) {
        if (source == null || sourceReader != r) {
            source = ValueSource.of(r);
            sourceReader = r;
        }
        for (Slot s : slots) {
            s.fill(source, row);
        }
    }

    /**
     * Marks the dates and timestamps in {@code v} and every vector below it as proleptic Gregorian
     * already, so that orc-core's writer does not convert them; the tests' ORC files are written so too.
     */
    static void markProleptic(ColumnVector v) {
        if (v instanceof DateColumnVector d) {
            d.changeCalendar(true, false);
        } else if (v instanceof TimestampColumnVector t) {
            t.changeCalendar(true, false);
        } else if (v instanceof StructColumnVector s) {
            for (ColumnVector c : s.fields) {
                markProleptic(c);
            }
        } else if (v instanceof ListColumnVector l) {
            markProleptic(l.child);
        } else if (v instanceof MapColumnVector m) {
            markProleptic(m.keys);
            markProleptic(m.values);
        } else if (v instanceof UnionColumnVector u) {
            for (ColumnVector c : u.fields) {
                markProleptic(c);
            }
        }
    }

    private Slot slot(Field f, List<String> parent, Map<List<String>, Integer> columnOf, ColumnVector v) {
        List<String> path = new ArrayList<>(parent);
        path.add(f.name());
        if (!f.type().isStruct()) {
            String name = String.join(".", path);
            return new ColumnSlot(column(columnOf, path), OrcVectorFillers.of(f.type(), name, v));
        }
        StructColumnVector sv = (StructColumnVector) v;
        List<Field> children = f.type().fields();
        Slot[] kids = new Slot[children.size()];
        for (int i = 0; i < kids.length; i++) {
            kids[i] = slot(children.get(i), path, columnOf, sv.fields[i]);
        }
        return new StructSlot(f.nullable() ? column(columnOf, path) : -1, sv, kids);
    }

    private static int column(Map<List<String>, Integer> columnOf, List<String> path) {
        Integer c = columnOf.get(path);
        if (c == null) {
            throw new IllegalStateException("the reader has no column " + String.join(".", path));
        }
        return c;
    }

    private abstract static class Slot {
        abstract void fill(ValueSource r, int row);

        /** Marks the row null here and below (ORC ignores the fields of a null struct, but keeps them tidy). */
        abstract void setNull(int row);
    }

    private static final class StructSlot extends Slot {
        private final int marker;
        private final StructColumnVector vector;
        private final Slot[] children;

        StructSlot(int marker, StructColumnVector vector, Slot[] children) {
            this.marker = marker;
            this.vector = vector;
            this.children = children;
        }

        @Override
        void fill(ValueSource r, int row) {
            if (marker >= 0 && r.isNull(marker)) {
                setNull(row);
                return;
            }
            vector.isNull[row] = false;
            for (Slot c : children) {
                c.fill(r, row);
            }
        }

        @Override
        void setNull(int row) {
            vector.noNulls = false;
            vector.isNull[row] = true;
            for (Slot c : children) {
                c.setNull(row);
            }
        }
    }

    /** A column that is not a struct marker: its value in the reader's column {@code col}. */
    private static final class ColumnSlot extends Slot {
        private final int col;
        private final OrcVectorFillers.Filler filler;

        ColumnSlot(int col, OrcVectorFillers.Filler filler) {
            this.col = col;
            this.filler = filler;
        }

        @Override
        void fill(ValueSource r, int row) {
            filler.fill(r, col, row);
        }

        @Override
        void setNull(int row) {
            filler.setNull(row);
        }
    }
}
