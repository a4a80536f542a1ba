package io.albis.convert.parquet;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.io.LocalInputFile;

/**
 * Where a page's bytes are in a Parquet file, from parquet-java's own metadata (the offset index
 * for data pages, the chunk's dictionary page offset), so that tests can damage exactly one page
 * without relying on the converter's own page walk.
 */
final class ParquetPageLocator {
    private ParquetPageLocator() {
    }

    /** Where a page is: its header at {@code header}, then {@code length} bytes of page from {@code start}. */
    record PageBytes(long header, long start, int length) {
        long middle() {
            return start + length / 2;
        }
    }

    /** The bytes after the header of data page {@code page} (from 0) of a column chunk. */
    static PageBytes dataPage(Path file, int rowGroup, String column, int page) throws IOException {
        try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
            OffsetIndex index = r.readOffsetIndex(chunk(r, rowGroup, column));
            if (index == null || page >= index.getPageCount()) {
                throw new IllegalArgumentException("no data page " + page + " in " + column + ", row group " + rowGroup);
            }
            return afterHeader(file, index.getOffset(page));
        }
    }

    /** The bytes after the header of a column chunk's dictionary page. */
    static PageBytes dictionaryPage(Path file, int rowGroup, String column) throws IOException {
        try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
            ColumnChunkMetaData c = chunk(r, rowGroup, column);
            if (!c.hasDictionaryPage()) {
                throw new IllegalArgumentException(column + " has no dictionary page in row group " + rowGroup);
            }
            return afterHeader(file, c.getDictionaryPageOffset());
        }
    }

    /** The number of data pages of a column chunk. */
    static int dataPages(Path file, int rowGroup, String column) throws IOException {
        try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
            return r.readOffsetIndex(chunk(r, rowGroup, column)).getPageCount();
        }
    }

    private static ColumnChunkMetaData chunk(ParquetFileReader r, int rowGroup, String column) {
        for (ColumnChunkMetaData c : r.getRowGroups().get(rowGroup).getColumns()) {
            if (c.getPath().toDotString().equals(column)) {
                return c;
            }
        }
        throw new IllegalArgumentException("no column " + column);
    }

    private static PageBytes afterHeader(Path file, long headerOffset) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        ByteArrayInputStream in = new ByteArrayInputStream(bytes, (int) headerOffset, bytes.length - (int) headerOffset);
        int before = in.available();
        int length = Util.readPageHeader(in).getCompressed_page_size();
        return new PageBytes(headerOffset, headerOffset + before - in.available(), length);
    }
}
