package io.albis.convert.parquet;

import io.albis.convert.ConvertInputException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import java.util.zip.CRC32;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.DummyRecordConverter;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.io.SeekableInputStream;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Says where a Parquet row group that failed to read is damaged. parquet-java reports that a
 * row group or a record failed, rarely which column and never which page; so the row group's
 * columns are read again one at a time, and the first that fails alone is the damaged one. For a
 * page checksum mismatch, the column chunk's pages are then walked to name the page.
 *
 * <p>This runs only after a failure, so the cost of reading a row group again does not matter.
 */
final class ParquetCorruption {
    /** What parquet-java's page reader says when a page's CRC does not match its bytes. */
    private static final String CHECKSUM_FAILURE = "CRC checksum verification failed";
    /** What parquet-java says when a page header's thrift does not decode. */
    private static final String PAGE_HEADER_FAILURE = "can not read class org.apache.parquet.format.PageHeader";

    private ParquetCorruption() {
    }

    /**
     * The exception for {@code failure}, met while reading row group {@code rowGroup} (numbered
     * from 0) of {@code input}: "corrupt" with the column and page where they can be found, or,
     * when every column reads alone (so the file is not shown to be damaged), {@code otherwise}
     * with what failed.
     *
     * @param otherwise what was being done, such as "cannot decode row 12 (row group 0)"
     */
    static ConvertInputException of(ParquetInput input, int rowGroup, Throwable failure, String otherwise) {
        String name = input.name();
        List<ColumnDescriptor> columns = input.schema().getColumns();
        for (int c = 0; c < columns.size(); c++) {
            Throwable alone = readAlone(input, rowGroup, columns.get(c));
            if (alone == null) {
                continue;
            }
            ColumnChunkMetaData chunk = input.footer().getBlocks().get(rowGroup).getColumns().get(c);
            String where = "in row group " + rowGroup + ", column '" + chunk.getPath().toDotString() + "'";
            if (says(alone, CHECKSUM_FAILURE)) {
                String page = pageFailingChecksum(input, chunk);
                return ConvertInputException.corrupt(name, where + (page == null ? "" : ", " + page),
                        "the page's bytes do not match its CRC checksum", failure);
            }
            String what = ConvertInputException.describe(alone);
            if (says(alone, PAGE_HEADER_FAILURE)) {
                what = "a page header does not decode (" + what + ")";
            } else if (chunk.getCodec() != CompressionCodecName.UNCOMPRESSED) {
                what = chunk.getCodec() + "-compressed pages: " + what;
            }
            return ConvertInputException.corrupt(name, where, what, failure);
        }
        return new ConvertInputException(name, otherwise + ": " + ConvertInputException.describe(failure), failure);
    }

    /** Whether a message in the chain of causes contains {@code text}. */
    private static boolean says(Throwable e, String text) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t.getMessage() != null && t.getMessage().contains(text)) {
                return true;
            }
        }
        return false;
    }

    /** Reads every value of one column of one row group, checksums verified; what failed, or null. */
    private static Throwable readAlone(ParquetInput input, int rowGroup, ColumnDescriptor column) {
        MessageType projection = new MessageType(input.schema().getName(), List.of(only(input.schema(), column.getPath(), 0)));
        try (ParquetFileReader r = input.reader()) {
            r.setRequestedSchema(projection);
            for (int i = 0; i < rowGroup; i++) {
                r.skipNextRowGroup();
            }
            try (PageReadStore pages = r.readNextRowGroup()) {
                if (pages == null) {
                    return null;
                }
                RecordReader<Object> records = new ColumnIOFactory().getColumnIO(projection, input.schema())
                        .getRecordReader(pages, new DummyRecordConverter(projection));
                for (long row = 0; row < pages.getRowCount(); row++) {
                    records.read();
                }
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return e;
        } catch (OutOfMemoryError e) {
            // A page header of this column claims more than the heap holds: a failure of the column.
            return new IOException("a page of it claims more memory than "
                    + ConvertInputException.heap() + " holds", e);
        }
    }

    /** Field {@code path[depth]} of {@code parent}, with only the fields on {@code path} below it. */
    private static Type only(GroupType parent, String[] path, int depth) {
        Type t = parent.getType(path[depth]);
        if (depth == path.length - 1) {
            return t;
        }
        return t.asGroupType().withNewFields(only(t.asGroupType(), path, depth + 1));
    }

    /**
     * Walks the pages of a column chunk and names the first whose CRC does not match its bytes:
     * "dictionary page" or "data page N" (numbered from 0), or null when none is found.
     */
    private static String pageFailingChecksum(ParquetInput input, ColumnChunkMetaData chunk) {
        long start = chunk.getStartingPos();
        long size = chunk.getTotalSize();
        if (start < 0 || size <= 0 || size > Integer.MAX_VALUE) {
            return null;
        }
        byte[] bytes = new byte[(int) size];
        try (SeekableInputStream s = input.newStream()) {
            s.seek(start);
            s.readFully(bytes);
            ByteArrayInputStream in = new ByteArrayInputStream(bytes);
            int dataPage = 0;
            while (in.available() > 0) {
                PageHeader h = Util.readPageHeader(in);
                int at = bytes.length - in.available();
                int n = h.getCompressed_page_size();
                if (n < 0 || n > in.available()) {
                    return null;
                }
                boolean dictionary = h.getType() == PageType.DICTIONARY_PAGE;
                if (h.isSetCrc()) {
                    CRC32 crc = new CRC32();
                    crc.update(bytes, at, n);
                    if ((int) crc.getValue() != h.getCrc()) {
                        return dictionary ? "dictionary page" : "data page " + dataPage;
                    }
                }
                if (h.getType() == PageType.DATA_PAGE || h.getType() == PageType.DATA_PAGE_V2) {
                    dataPage++;
                }
                in.skipNBytes(n);
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return null;
    }
}
