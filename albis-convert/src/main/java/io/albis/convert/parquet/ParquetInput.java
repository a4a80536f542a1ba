package io.albis.convert.parquet;

import io.albis.convert.ConvertInputException;
import io.albis.convert.HadoopFile;
import io.albis.convert.InputFiles;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Util;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.SeekableInputStream;
import org.apache.parquet.schema.MessageType;

/**
 * A Parquet file as the converter reads it: its footer, read and checked once, and readers over it
 * that verify page checksums where the writer stored them and decompress every codec
 * ({@link ParquetCodecs}).
 *
 * <p>The footer is read here rather than by parquet-java so that a damaged one is named as such
 * (where parquet-java says "not a Parquet file" or fails inside thrift), and so that a logical
 * type newer than this parquet-java (an annotation its thrift union does not know, which it would
 * meet with a NullPointerException) is dropped: the column then converts by its physical type, as
 * other readers do. Encrypted files are refused here by name, and so is a column whose codec this
 * JVM cannot decompress.
 */
final class ParquetInput {
    private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);
    /** Head magic, footer length and tail magic: the smallest a Parquet file can be. */
    private static final int MIN_LENGTH = 12;

    private final HadoopFile file;
    private final ParquetFile input;
    private final ParquetMetadata footer;
    private final ParquetReadOptions options;

    private ParquetInput(HadoopFile file, ParquetFile input, ParquetMetadata footer, ParquetReadOptions options) {
        this.file = file;
        this.input = input;
        this.footer = footer;
        this.options = options;
    }

    /**
     * Reads and checks the footer of {@code file}.
     *
     * @throws ConvertInputException naming the file when it is not Parquet, is damaged, is encrypted
     *                               or uses a codec this JVM cannot decompress
     */
    static ParquetInput open(HadoopFile file, Configuration conf) throws IOException {
        if (InputFiles.startsWith(file, InputFiles.ENCRYPTED_PARQUET_MAGIC)) {
            throw encrypted(file.name(), "its footer is encrypted (PARE magic)");
        }
        ParquetFile input = new ParquetFile(file);
        ParquetReadOptions options = HadoopReadOptions.builder(conf)
                .usePageChecksumVerification(true)
                .withCodecFactory(new ParquetCodecs(conf))
                .build();
        FileMetaData meta = readFooter(file.name(), input);
        if (meta.isSetEncryption_algorithm()) {
            throw encrypted(file.name(), "its columns are encrypted (the footer is plaintext)");
        }
        dropUnknownLogicalTypes(meta);
        ParquetMetadata footer;
        try {
            footer = new ParquetMetadataConverter(options).fromParquetMetadata(meta);
        } catch (IOException | RuntimeException e) {
            throw ConvertInputException.corrupt(file.name(), "footer", ConvertInputException.describe(e), e);
        }
        checkCodecs(file.name(), footer);
        checkChunkExtents(file.name(), footer, input.getLength());
        return new ParquetInput(file, input, footer, options);
    }

    String name() {
        return file.name();
    }

    ParquetMetadata footer() {
        return footer;
    }

    MessageType schema() {
        return footer.getFileMetaData().getSchema();
    }

    /** A new stream over the file's bytes. */
    SeekableInputStream newStream() throws IOException {
        return input.newStream();
    }

    /** A new reader over the file with the footer read here; the caller closes it. */
    ParquetFileReader reader() throws IOException {
        SeekableInputStream stream = input.newStream();
        try {
            return ParquetFileReader.open(input, footer, options, stream);
        } catch (IOException | RuntimeException e) {
            stream.close();
            throw e;
        }
    }

    /** The thrift footer: checks the magic and length at the tail before parsing what they frame. */
    private static FileMetaData readFooter(String name, ParquetFile input) throws IOException {
        long length = input.getLength();
        try (SeekableInputStream in = input.newStream()) {
            boolean parquetHead = length >= MAGIC.length && Arrays.equals(read(in, 0, MAGIC.length), MAGIC);
            if (length < MIN_LENGTH) {
                throw parquetHead
                        ? ConvertInputException.corrupt(name, null, "it holds only " + length + " bytes, too few for a"
                                + " Parquet file (truncated?)", null)
                        : notParquet(name, "it holds only " + length + " bytes");
            }
            byte[] tail = read(in, length - 8, 8);
            if (!Arrays.equals(Arrays.copyOfRange(tail, 4, 8), MAGIC)) {
                throw parquetHead
                        ? ConvertInputException.corrupt(name, null, "it does not end with the Parquet magic PAR1"
                                + " (truncated?)", null)
                        : notParquet(name, "it neither starts nor ends with the Parquet magic PAR1");
            }
            long footerLength = (tail[0] & 0xffL) | (tail[1] & 0xffL) << 8 | (tail[2] & 0xffL) << 16 | (tail[3] & 0xffL) << 24;
            long footerStart = length - 8 - footerLength;
            if (footerStart < MAGIC.length || footerLength > Integer.MAX_VALUE) {
                throw ConvertInputException.corrupt(name, "footer", "its length of " + footerLength
                        + " bytes is more than the " + length + "-byte file holds", null);
            }
            byte[] bytes = read(in, footerStart, (int) footerLength);
            try {
                return Util.readFileMetaData(new ByteArrayInputStream(bytes));
            } catch (IOException | RuntimeException e) {
                throw ConvertInputException.corrupt(name, "footer", "its " + footerLength + " bytes at offset " + footerStart
                        + " do not decode (" + ConvertInputException.describe(e) + ")", e);
            } catch (OutOfMemoryError e) {
                // Thrift sizes a list by the count in the footer before reading it, and an element
                // of a list of structs may take no byte: a count the footer cannot hold is damage.
                throw ConvertInputException.corrupt(name, "footer", "its " + footerLength + " bytes at offset "
                        + footerStart + " declare a list larger than " + ConvertInputException.heap(), e);
            }
        }
    }

    private static byte[] read(SeekableInputStream in, long offset, int length) throws IOException {
        byte[] b = new byte[length];
        in.seek(offset);
        in.readFully(b);
        return b;
    }

    /**
     * Unsets every logical type that decoded to no member of the union: one this parquet-java does
     * not know. The column keeps its physical type and any converted type the writer also stored.
     */
    private static void dropUnknownLogicalTypes(FileMetaData meta) {
        for (SchemaElement e : meta.getSchema()) {
            if (e.isSetLogicalType() && e.getLogicalType().getSetField() == null) {
                e.unsetLogicalType();
            }
        }
    }

    private static void checkCodecs(String name, ParquetMetadata footer) throws ConvertInputException {
        for (BlockMetaData block : footer.getBlocks()) {
            for (ColumnChunkMetaData c : block.getColumns()) {
                String why = ParquetCodecs.whyUnreadable(c.getCodec());
                if (why != null) {
                    throw new ConvertInputException(name, "column '" + c.getPath().toDotString() + "' is compressed with "
                            + c.getCodec() + ", which cannot be read here: " + why);
                }
            }
        }
    }

    /**
     * Every column chunk must lie between the head magic and the end of the file: parquet-java
     * sizes a buffer for a whole chunk from the footer before reading it, so a damaged length
     * would otherwise allocate whatever it says.
     */
    private static void checkChunkExtents(String name, ParquetMetadata footer, long fileLength)
            throws ConvertInputException {
        List<BlockMetaData> blocks = footer.getBlocks();
        for (int b = 0; b < blocks.size(); b++) {
            for (ColumnChunkMetaData c : blocks.get(b).getColumns()) {
                long start = c.getStartingPos();
                long size = c.getTotalSize();
                if (start < MAGIC.length || size < 0 || start > fileLength - size) {
                    throw ConvertInputException.corrupt(name, "in row group " + b + ", column '"
                            + c.getPath().toDotString() + "'", "the footer places its " + size + " bytes at offset "
                            + start + ", outside the " + fileLength + "-byte file", null);
                }
            }
        }
    }

    private static ConvertInputException notParquet(String name, String why) {
        return new ConvertInputException(name, "not a readable Parquet file: " + why);
    }

    static ConvertInputException encrypted(String name, String how) {
        return new ConvertInputException(name, "is an encrypted Parquet file: " + how + "; Albis does not read"
                + " encrypted Parquet (decrypt it with the keys first)");
    }
}
