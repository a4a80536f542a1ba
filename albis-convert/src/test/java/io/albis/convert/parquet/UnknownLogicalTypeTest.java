package io.albis.convert.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.albis.convert.ConvertOptions;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.LogicalType;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Util;
import org.apache.parquet.format.VariantType;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import shaded.parquet.org.apache.thrift.TException;
import shaded.parquet.org.apache.thrift.protocol.TCompactProtocol;
import shaded.parquet.org.apache.thrift.protocol.TField;
import shaded.parquet.org.apache.thrift.transport.TIOStreamTransport;

/**
 * A logical type newer than this parquet-java (a member of the footer's LogicalType union it does
 * not know) converts by the column's physical type, or by the converted type the writer also
 * stored, instead of failing. The test writes a file with parquet-java and rewrites its footer so
 * that some columns carry a LogicalType union member with field id 99.
 */
class UnknownLogicalTypeTest {
    private static final MessageType SCHEMA = MessageTypeParser.parseMessageType("""
            message m {
              required int32 id;
              optional binary b;
              optional int64 n;
              optional binary s (STRING);
              optional group g { optional int32 x; }
            }
            """);
    /** The union member id the rewritten footer uses; parquet-format's LogicalType ends well below it. */
    private static final short UNKNOWN_FIELD_ID = 99;

    @TempDir
    Path dir;

    @Test
    void aColumnWithAnUnknownLogicalTypeConvertsByItsPhysicalType() throws Exception {
        Path file = dir.resolve("known.parquet");
        ParquetFixtures.write(file, SCHEMA, ParquetFixtures.randomRows(SCHEMA, 500, 9));
        Path unknown = withUnknownLogicalType(file, dir.resolve("unknown.parquet"), Set.of("b", "n", "s", "g"));

        assertThrows(NullPointerException.class, () -> ParquetFileReader.open(new LocalInputFile(unknown)).close(),
                "parquet-java itself cannot open the file");

        String out = dir.resolve("t").toString();
        ParquetToAlbis.convert(unknown.toString(), LocalStorage.INSTANCE, out, ConvertOptions.defaults());
        AlbisTable table = AlbisTable.open(out);
        // b and n by their physical types; s by the converted type UTF8 that the writer stored next
        // to STRING; g, a group, as a struct.
        assertEquals(List.of(Field.required("id", DataType.INT), Field.of("b", DataType.BINARY), Field.of("n", DataType.LONG),
                Field.of("s", DataType.STRING), Field.of("g", DataType.struct(Field.of("x", DataType.INT)))),
                table.schema().fields());
        ParquetFixtures.assertRowsMatch(ParquetFixtures.read(file), SCHEMA, table);
    }

    /**
     * A copy of {@code file} whose footer gives the named columns a LogicalType of union member
     * {@value #UNKNOWN_FIELD_ID}: written as the (empty) VARIANT member, renumbered on the way out.
     */
    static Path withUnknownLogicalType(Path file, Path out, Set<String> columns) throws Exception {
        byte[] bytes = Files.readAllBytes(file);
        int footerLength = ByteBuffer.wrap(bytes, bytes.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        int footerStart = bytes.length - 8 - footerLength;
        FileMetaData meta = Util.readFileMetaData(new ByteArrayInputStream(bytes, footerStart, footerLength));
        for (SchemaElement e : meta.getSchema()) {
            if (columns.contains(e.getName())) {
                e.setLogicalType(LogicalType.VARIANT(new VariantType()));
            }
        }
        ByteArrayOutputStream footer = new ByteArrayOutputStream();
        meta.write(new TCompactProtocol(new TIOStreamTransport(footer)) {
            @Override
            public void writeFieldBegin(TField field) throws TException {
                super.writeFieldBegin(field.name.equals("VARIANT") ? new TField(field.name, field.type, UNKNOWN_FIELD_ID)
                        : field);
            }
        });
        ByteArrayOutputStream rewritten = new ByteArrayOutputStream();
        rewritten.write(bytes, 0, footerStart);
        footer.writeTo(rewritten);
        rewritten.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(footer.size()).array());
        rewritten.write("PAR1".getBytes(StandardCharsets.US_ASCII));
        Files.write(out, rewritten.toByteArray());
        return out;
    }
}
