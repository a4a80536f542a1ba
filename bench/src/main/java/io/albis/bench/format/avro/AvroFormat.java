package io.albis.bench.format.avro;

import io.albis.bench.format.FlatColumn;
import io.albis.bench.format.PartFiles;
import io.albis.bench.format.ReadPlan;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.RowByRowFormat;
import io.albis.bench.format.ValueTotals;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.schema.Column;
import io.albis.schema.TypeId;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.util.Utf8;

/**
 * Avro object container files through the generic API: {@link GenericDatumWriter} to write,
 * {@link GenericDatumReader} with a projected reader schema and one reused record
 * ({@code DataFileReader.next(reuse)}) to read. Uncompressed.
 */
public final class AvroFormat extends RowByRowFormat {

    public AvroFormat() {
        super("avro", "avro");
    }

    @Override
    protected PartWriter startWrite(AlbisTable source, List<FlatColumn> columns, Path dir) {
        List<Boolean> nullable = new ArrayList<>();
        for (Column c : source.schema().columns()) {
            if (!c.deleted()) {
                nullable.add(c.nullable());
            }
        }
        Schema schema = AvroSchemas.toAvro(columns, nullable);
        return (rowGroup, file) -> writePart(source, rowGroup, columns, schema, file);
    }

    private static void writePart(AlbisTable source, int rowGroup, List<FlatColumn> columns, Schema schema, Path file)
            throws IOException {
        int n = columns.size();
        GenericData.Record record = new GenericData.Record(schema);
        try (AlbisReader reader = source.newReader(ReadOptions.all().withRowGroups(rowGroup));
                DataFileWriter<GenericRecord> writer = new DataFileWriter<>(new GenericDatumWriter<>(schema))) {
            writer.setCodec(CodecFactory.nullCodec());
            writer.create(schema, file.toFile());
            while (reader.advance()) {
                for (int c = 0; c < n; c++) {
                    record.put(c, reader.isNull(c) ? null : switch (columns.get(c).type().id()) {
                        case BOOLEAN -> reader.getBoolean(c);
                        case BYTE -> (int) reader.getByte(c);
                        case SHORT -> (int) reader.getShort(c);
                        case INT, DATE -> reader.getInt(c);
                        case LONG, TIMESTAMP -> reader.getLong(c);
                        case FLOAT -> reader.getFloat(c);
                        case DOUBLE -> reader.getDouble(c);
                        // Avro's decimal: the unscaled value as big-endian two's complement bytes.
                        case DECIMAL -> ByteBuffer.wrap(BigInteger.valueOf(reader.getDecimalUnscaled(c)).toByteArray());
                        case STRING -> new Utf8(reader.getString(c));
                        case BINARY -> ByteBuffer.wrap(reader.getBinary(c));
                        case STRUCT -> throw new IllegalStateException("flat tables have no structs");
                        case TIMESTAMP_NTZ, LIST, MAP -> throw new IllegalStateException("bench tables are flat and have no " + "timestamp_ntz, list or map columns");
                    });
                }
                writer.append(record);
            }
        }
    }

    @Override
    protected PartFiles.Reader<ValueTotals> startRead(Path dir, ReadSpec spec) {
        return (file, totals) -> readPart(file, spec, totals);
    }

    private static void readPart(Path file, ReadSpec spec, ValueTotals totals) throws IOException {
        GenericDatumReader<GenericRecord> datumReader = new GenericDatumReader<>();
        try (DataFileReader<GenericRecord> reader = new DataFileReader<>(file.toFile(), datumReader)) {
            Schema fileSchema = reader.getSchema();
            ReadPlan plan = ReadPlan.of(AvroSchemas.columns(fileSchema), spec);
            // The reader schema holds only the needed fields, so Avro skips the others.
            List<Integer> needed = new ArrayList<>();
            for (int c = 0; c < plan.columns().size(); c++) {
                if (plan.needed(c)) {
                    needed.add(c);
                }
            }
            int n = needed.size();
            int[] positions = needed.stream().mapToInt(Integer::intValue).toArray();
            datumReader.setExpected(AvroSchemas.projection(fileSchema, positions));
            TypeId[] types = new TypeId[n];
            boolean[] projected = new boolean[n];
            int filter = -1;
            for (int i = 0; i < n; i++) {
                types[i] = plan.columns().get(positions[i]).type().id();
                projected[i] = plan.projected()[positions[i]];
                if (positions[i] == plan.filterColumn()) {
                    filter = i;
                }
            }
            long filterMax = plan.filterMax();
            GenericRecord record = null;
            while (reader.hasNext()) {
                record = reader.next(record);
                boolean keep = true;
                for (int i = 0; i < n; i++) {
                    Object v = record.get(i);
                    if (i == filter) {
                        keep = v != null && ((Number) v).longValue() <= filterMax;
                    }
                    if (!projected[i]) {
                        continue;
                    }
                    if (v == null) {
                        totals.addNull();
                        continue;
                    }
                    switch (types[i]) {
                        case INT, DATE -> totals.addInt((Integer) v);
                        case LONG, TIMESTAMP -> totals.addLong((Long) v);
                        case DECIMAL -> totals.addLong(unscaled((ByteBuffer) v));
                        case DOUBLE -> totals.addDouble((Double) v);
                        case FLOAT -> totals.addFloat((Float) v);
                        case BOOLEAN -> totals.addBoolean((Boolean) v);
                        case BYTE -> totals.addByte((byte) (int) (Integer) v);
                        case SHORT -> totals.addShort((short) (int) (Integer) v);
                        case STRING -> {
                            Utf8 s = (Utf8) v;
                            totals.addBytes(s.getBytes(), 0, s.getByteLength());
                        }
                        case BINARY -> totals.addBytes((ByteBuffer) v);
                        case STRUCT -> throw new IllegalStateException("flat tables have no structs");
                        case TIMESTAMP_NTZ, LIST, MAP -> throw new IllegalStateException("bench tables are flat and have no " + "timestamp_ntz, list or map columns");
                    }
                }
                if (keep) {
                    totals.endRow();
                } else {
                    totals.dropRow();
                }
            }
        }
    }

    /** A big-endian two's complement value of at most 8 bytes, sign-extended. */
    static long unscaled(ByteBuffer b) {
        int len = b.remaining();
        if (len == 0 || len > 8) {
            throw new IllegalArgumentException("decimal of " + len + " bytes does not fit 18 digits");
        }
        int pos = b.position();
        long v = b.get(pos); // sign-extends the first byte
        for (int i = 1; i < len; i++) {
            v = (v << 8) | (b.get(pos + i) & 0xff);
        }
        return v;
    }
}
