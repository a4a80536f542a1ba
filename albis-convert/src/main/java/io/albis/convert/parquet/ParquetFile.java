package io.albis.convert.parquet;

import io.albis.convert.HadoopFile;
import java.io.IOException;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.parquet.hadoop.util.HadoopStreams;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A {@link HadoopFile} as parquet-java reads or writes it. parquet-java's own HadoopInputFile and
 * HadoopOutputFile look the file system up again from the path, which for local paths is the
 * checksummed one (it writes .crc side files); this keeps the conversion's file system.
 */
final class ParquetFile implements InputFile, OutputFile {
    private static final int BUFFER_BYTES = 1 << 16;

    private final HadoopFile file;

    ParquetFile(HadoopFile file) {
        this.file = file;
    }

    @Override
    public long getLength() throws IOException {
        return file.status().getLen();
    }

    @Override
    public SeekableInputStream newStream() throws IOException {
        return HadoopStreams.wrap(file.fs().open(file.path()));
    }

    @Override
    public PositionOutputStream create(long blockSizeHint) throws IOException {
        return create(blockSizeHint, false);
    }

    @Override
    public PositionOutputStream createOrOverwrite(long blockSizeHint) throws IOException {
        return create(blockSizeHint, true);
    }

    private PositionOutputStream create(long blockSizeHint, boolean overwrite) throws IOException {
        // A Parquet row group should not straddle blocks: take parquet-java's hint when it is larger.
        long blockSize = Math.max(defaultBlockSize(), blockSizeHint);
        FSDataOutputStream out = file.fs().create(file.path(), overwrite, BUFFER_BYTES,
                file.fs().getDefaultReplication(file.path()), blockSize);
        return HadoopStreams.wrap(out);
    }

    @Override
    public boolean supportsBlockSize() {
        return true;
    }

    @Override
    public long defaultBlockSize() {
        return file.fs().getDefaultBlockSize(file.path());
    }

    @Override
    public String getPath() {
        return file.name();
    }

    /** parquet-java names its input in messages by toString(). */
    @Override
    public String toString() {
        return file.name();
    }
}
