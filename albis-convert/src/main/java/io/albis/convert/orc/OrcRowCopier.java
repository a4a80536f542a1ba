package io.albis.convert.orc;

import io.albis.convert.RejectedValueException;
import io.albis.convert.ValueTarget;
import io.albis.convert.WriterTarget;
import io.albis.schema.Column;
import io.albis.schema.Schema;
import io.albis.write.AlbisWriter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.Decimal64ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.UnionColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.TypeDescription;

/**
 * Copies one row of an ORC {@link VectorizedRowBatch} (made by {@code createRowBatchV2}, so
 * decimals of up to 18 digits arrive as unscaled longs) into the Albis writer's typed setters.
 * Handles ORC's repeating vectors; a null struct or union makes every column under it null. A
 * union fills the struct {@link OrcSchemas} maps it to; a root that is not a struct fills its one
 * column. A list or map column is assembled by {@link OrcNestedReader} and set as one value.
 */
final class OrcRowCopier {
    private final Slot[] slots;

    OrcRowCopier(TypeDescription root, Schema albis, AlbisWriter writer, VectorizedRowBatch batch) {
        Map<List<String>, Integer> columnOf = new HashMap<>();
        for (Column c : albis.columns()) {
            columnOf.put(c.path(), c.index());
        }
        if (root.getCategory() != TypeDescription.Category.STRUCT) {
            slots = new Slot[] {slot(OrcSchemas.ROOT_COLUMN, root, List.of(), columnOf, writer, batch.cols[0])};
            return;
        }
        List<String> names = root.getFieldNames();
        slots = new Slot[names.size()];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = slot(names.get(i), root.getChildren().get(i), List.of(), columnOf, writer, batch.cols[i]);
        }
    }

    /** Sets every column of the writer's current row from row {@code row} of the batch. */
    void copy(int row) throws IOException {
        for (Slot s : slots) {
            s.copy(row);
        }
    }

    private static Slot slot(String name, TypeDescription t, List<String> parent, Map<List<String>, Integer> columnOf,
            AlbisWriter writer, ColumnVector v) {
        List<String> path = new ArrayList<>(parent);
        path.add(name);
        int column = columnOf.get(path);
        if (t.getCategory() == TypeDescription.Category.UNION) {
            UnionColumnVector uv = (UnionColumnVector) v;
            List<String> tagPath = new ArrayList<>(path);
            tagPath.add(OrcSchemas.UNION_TAG);
            Slot[] alternatives = new Slot[t.getChildren().size()];
            for (int i = 0; i < alternatives.length; i++) {
                alternatives[i] = slot(OrcSchemas.unionField(i), t.getChildren().get(i), path, columnOf, writer,
                        uv.fields[i]);
            }
            return new UnionSlot(String.join(".", path), column, columnOf.get(tagPath), uv, alternatives, writer);
        }
        if (t.getCategory() != TypeDescription.Category.STRUCT) {
            return OrcNestedReader.isListOrMap(t) ? new NestedSlot(column, new OrcNestedReader(String.join(".", path), t, v),
                    writer) : new LeafSlot(String.join(".", path), column, t, new WriterTarget(writer), v);
        }
        StructColumnVector sv = (StructColumnVector) v;
        Slot[] kids = new Slot[t.getChildren().size()];
        for (int i = 0; i < kids.length; i++) {
            kids[i] = slot(t.getFieldNames().get(i), t.getChildren().get(i), path, columnOf, writer, sv.fields[i]);
        }
        return new StructSlot(column, sv, kids, writer);
    }

    /** The vector's index for a row: ORC repeats the first value over the batch when it says so. */
    static int index(ColumnVector v, int row) {
        return v.isRepeating ? 0 : row;
    }

    static boolean isNull(ColumnVector v, int i) {
        return !v.noNulls && v.isNull[i];
    }

    /**
     * The alternative (from 0) a union holds in row {@code row}, or -1 where the union is null: the
     * tag of the struct {@link OrcSchemas} maps a union to, wherever the union stands.
     *
     * @param name the union's path, for the message that refuses a tag naming no alternative
     */
    static int alternative(String name, UnionColumnVector v, int row) {
        int i = index(v, row);
        if (isNull(v, i)) {
            return -1;
        }
        int chosen = v.tags[i];
        if (chosen < 0 || chosen >= v.fields.length) {
            throw new RejectedValueException(name, "union tag " + chosen + ", but the union has "
                    + v.fields.length + " alternatives");
        }
        return chosen;
    }

    abstract static class Slot {
        abstract void copy(int row) throws IOException;

        abstract void setNull() throws IOException;
    }

    private static final class StructSlot extends Slot {
        private final int marker;
        private final StructColumnVector vector;
        private final Slot[] children;
        private final AlbisWriter writer;

        StructSlot(int marker, StructColumnVector vector, Slot[] children, AlbisWriter writer) {
            this.marker = marker;
            this.vector = vector;
            this.children = children;
            this.writer = writer;
        }

        @Override
        void copy(int row) throws IOException {
            if (isNull(vector, index(vector, row))) {
                setNull();
                return;
            }
            for (Slot c : children) {
                c.copy(row);
            }
        }

        @Override
        void setNull() throws IOException {
            writer.setNull(marker);
            for (Slot c : children) {
                c.setNull();
            }
        }
    }

    /** A union as a struct: the tag, the chosen alternative's value, and null for the other alternatives. */
    private static final class UnionSlot extends Slot {
        private final String name;
        private final int marker;
        private final int tag;
        private final UnionColumnVector vector;
        private final Slot[] alternatives;
        private final AlbisWriter writer;

        UnionSlot(String name, int marker, int tag, UnionColumnVector vector, Slot[] alternatives, AlbisWriter writer) {
            this.name = name;
            this.marker = marker;
            this.tag = tag;
            this.vector = vector;
            this.alternatives = alternatives;
            this.writer = writer;
        }

        @Override
        void copy(int row) throws IOException {
            int chosen = alternative(name, vector, row);
            if (chosen < 0) {
                setNull();
                return;
            }
            writer.setByte(tag, (byte) chosen);
            for (int k = 0; k < alternatives.length; k++) {
                if (k == chosen) {
                    alternatives[k].copy(row);
                } else {
                    alternatives[k].setNull();
                }
            }
        }

        @Override
        void setNull() throws IOException {
            writer.setNull(marker);
            writer.setNull(tag);
            for (Slot a : alternatives) {
                a.setNull();
            }
        }
    }

    /** A list or map column: its value assembled from the vectors below it ({@link OrcNestedReader}). */
    private static final class NestedSlot extends Slot {
        private final int col;
        private final OrcNestedReader reader;
        private final AlbisWriter writer;

        NestedSlot(int col, OrcNestedReader reader, AlbisWriter writer) {
            this.col = col;
            this.reader = reader;
            this.writer = writer;
        }

        @Override
        void copy(int row) throws IOException {
            writer.setValue(col, reader.read(row));
        }

        @Override
        void setNull() throws IOException {
            writer.setNull(col);
        }
    }

    /**
     * A value that is neither struct, list nor map, into slot {@code col} of its target: a column
     * of the Albis writer, or an element of a list or map being assembled.
     */
    static final class LeafSlot extends Slot {
        private final String name;
        private final int col;
        private final TypeDescription.Category category;
        /** A bigint that holds a timestamp without time zone. */
        private final boolean ntz;
        private final ValueTarget writer;
        private final ColumnVector vector;

        LeafSlot(String name, int col, TypeDescription t, ValueTarget writer, ColumnVector vector) {
            this.name = name;
            this.col = col;
            this.category = t.getCategory();
            this.ntz = OrcSchemas.isTimestampNtz(t);
            this.writer = writer;
            this.vector = vector;
        }

        @Override
        void setNull() throws IOException {
            writer.setNull(col);
        }

        @Override
        void copy(int row) throws IOException {
            int i = index(vector, row);
            if (isNull(vector, i)) {
                writer.setNull(col);
                return;
            }
            switch (category) {
                case BOOLEAN -> writer.setBoolean(col, longs()[i] != 0);
                case BYTE -> writer.setByte(col, (byte) longs()[i]);
                case SHORT -> writer.setShort(col, (short) longs()[i]);
                case INT -> writer.setInt(col, (int) longs()[i]);
                case LONG -> {
                    if (ntz) {
                        writer.setTimestampMicros(col, longs()[i]);
                    } else {
                        writer.setLong(col, longs()[i]);
                    }
                }
                case DATE -> writer.setDate(col, (int) longs()[i]);
                case FLOAT -> writer.setFloat(col, (float) ((DoubleColumnVector) vector).vector[i]);
                case DOUBLE -> writer.setDouble(col, ((DoubleColumnVector) vector).vector[i]);
                case TIMESTAMP, TIMESTAMP_INSTANT -> writer.setTimestampMicros(col, micros(i));
                case DECIMAL -> {
                    if (vector instanceof Decimal64ColumnVector d) {
                        writer.setDecimalUnscaled(col, d.vector[i]);
                    } else {
                        DecimalColumnVector d = (DecimalColumnVector) vector;
                        writer.setDecimal(col, d.vector[i].getHiveDecimal().bigDecimalValue().setScale(d.scale));
                    }
                }
                case STRING, VARCHAR, CHAR -> {
                    BytesColumnVector b = (BytesColumnVector) vector;
                    writer.setUtf8(col, b.vector[i], b.start[i], b.length[i]);
                }
                case BINARY -> {
                    BytesColumnVector b = (BytesColumnVector) vector;
                    writer.setBinary(col, b.vector[i], b.start[i], b.length[i]);
                }
                default -> throw new IllegalStateException("column " + name + ": ORC type " + category
                        + " was not refused when the schema was mapped");
            }
        }

        private long[] longs() {
            return ((LongColumnVector) vector).vector;
        }

        /** Microseconds since the epoch; sub-microsecond parts would be lost, so they are refused. */
        private long micros(int i) {
            TimestampColumnVector t = (TimestampColumnVector) vector;
            int nanos = t.nanos[i];
            if (nanos % 1000 != 0) {
                throw new RejectedValueException(name, "timestamp with nanoseconds (" + nanos % 1000
                        + " ns past the microsecond) cannot be stored in microseconds without loss");
            }
            long seconds = Math.floorDiv(t.time[i], 1000L);
            long micros = nanos / 1000;
            if (seconds < 0 && micros > 0) {
                // Count the fraction back from the next second: the earliest timestamps fit a long only so.
                seconds++;
                micros -= 1_000_000L;
            }
            try {
                return Math.addExact(Math.multiplyExact(seconds, 1_000_000L), micros);
            } catch (ArithmeticException e) {
                throw new RejectedValueException(name, "timestamp " + seconds + " s from the epoch is outside the"
                        + " microsecond range of a long");
            }
        }
    }
}
