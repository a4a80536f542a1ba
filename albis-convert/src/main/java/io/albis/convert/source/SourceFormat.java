package io.albis.convert.source;

import io.albis.convert.ConvertInputException;
import io.albis.convert.ConvertOptions;
import io.albis.convert.ConvertResult;
import io.albis.convert.HadoopFile;
import io.albis.convert.InputFiles;
import io.albis.convert.csv.CsvToAlbis;
import io.albis.convert.orc.OrcToAlbis;
import io.albis.convert.parquet.ParquetToAlbis;
import io.albis.storage.Storages;
import io.albis.table.SchemaStore;
import java.io.IOException;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;

/** What a conversion's input is, as {@code albis convert} tells it from the path alone. */
public enum SourceFormat {
    /** A directory with an Albis schema file. */
    ALBIS,
    /**
     * A file starting with PAR1 (or PARE, encrypted, which the converter refuses as such), or a
     * directory holding *.parquet files or files starting with either.
     */
    PARQUET,
    /** A file starting with ORC, or a directory holding *.orc files or files starting with ORC. */
    ORC,
    /** A file whose name ends in .csv. */
    CSV;

    /**
     * Converts the {@code in} of this format into the Albis table {@code out} (a new one, or an
     * existing one with {@link ConvertOptions#append()}).
     *
     * @throws io.albis.error.InvalidOptionException for an Albis input, which converts to Parquet or ORC instead
     */
    public ConvertResult toAlbis(String in, String out, ConvertOptions options) throws IOException {
        return switch (this) {
            case PARQUET -> ParquetToAlbis.convert(in, out, options);
            case ORC -> OrcToAlbis.convert(in, out, options);
            case CSV -> CsvToAlbis.convert(in, out, options);
            case ALBIS -> throw new io.albis.error.InvalidOptionException(in + " is an Albis table; it converts to"
                    + " Parquet or ORC, not into another Albis table");
        };
    }

    /**
     * The format of the file or directory at {@code path} (local, file://, hdfs://, crail://).
     * A directory with both Parquet and ORC files is Parquet.
     *
     * @throws java.nio.file.NoSuchFileException when nothing is at the path
     * @throws ConvertInputException naming the path when it is none of these
     */
    public static SourceFormat detect(String path, Configuration conf) throws IOException {
        if (SchemaStore.currentVersion(Storages.forPath(path), path) >= 0) {
            return ALBIS;
        }
        HadoopFile in = HadoopFile.of(path, conf);
        FileStatus status = in.status();
        if (status.isFile()) {
            if (in.fileName().toLowerCase(Locale.ROOT).endsWith(".csv")) {
                return CSV;
            }
            if (InputFiles.PARQUET.startsWithMagic(in)) {
                return PARQUET;
            }
            if (InputFiles.ORC.startsWithMagic(in)) {
                return ORC;
            }
            throw new ConvertInputException(path, "is neither a Parquet file (no PAR1 magic), an ORC file (no ORC magic)"
                    + " nor a .csv file");
        }
        if (!InputFiles.PARQUET.filesIn(in).isEmpty()) {
            return PARQUET;
        }
        if (!InputFiles.ORC.filesIn(in).isEmpty()) {
            return ORC;
        }
        throw new ConvertInputException(path, "is a directory with neither Parquet nor ORC files nor an Albis schema");
    }
}
