package io.albis.bench.format.albis;

import io.albis.bench.dataset.TableCopy;
import io.albis.bench.format.Codecs;
import io.albis.bench.format.NamedFormat;
import io.albis.bench.format.PartFiles;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.ScanResults;
import io.albis.bench.format.WriteResult;
import io.albis.filter.Predicates;
import io.albis.read.ReadOptions;
import io.albis.scan.ScanResult;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * What every reader of Albis copies shares: the data format {@code albis}, uncompressed, and the
 * write, which copies the source table row group by row group in the layout the directory name
 * gives ({@link AlbisLayout}), so the table on disk is the one being measured.
 */
public abstract class AlbisDataFormat extends NamedFormat {
    public static final String DATA_FORMAT = "albis";

    protected AlbisDataFormat(String name) {
        super(name, DATA_FORMAT);
    }

    @Override
    public final WriteResult write(AlbisTable source, Path dir, String codec) throws IOException {
        Codecs.requireNone(codec, name());
        AlbisLayout layout = AlbisLayout.ofDirectory(dir);
        long start = System.nanoTime();
        TableCopy.copyRowGroups(source, dir.toString(), layout.apply(source.schema()), layout.writerOptions());
        long nanos = System.nanoTime() - start;
        return new WriteResult(PartFiles.allFiles(dir), PartFiles.totalBytes(dir), nanos);
    }

    /** A read of an opened table with the options of a spec; the time it returns is not used. */
    @FunctionalInterface
    protected interface TableRead {
        ScanResult read(AlbisTable table, ReadOptions options) throws IOException;
    }

    /** Opens the table in {@code dir} and reads it as {@code spec} says; opening it is part of the read and of its time. */
    protected static ScanResult openAndRead(Path dir, ReadSpec spec, TableRead read) throws IOException {
        long start = System.nanoTime();
        ScanResult r = read.read(open(dir), options(spec));
        return ScanResults.withNanos(r, System.nanoTime() - start);
    }

    /** Albis stores lists and maps; its readers (and the raw baselines over its files) read them. */
    @Override
    public boolean readsListsAndMaps() {
        return true;
    }

    /** The table written into {@code dir}, or its copy on the storage backend the directory's layout names. */
    protected static AlbisTable open(Path dir) throws IOException {
        return BenchStorage.open(dir, AlbisLayout.ofDirectory(dir).storage());
    }

    /** Albis filters by {@code =} and {@code IN} as well as {@code <=}. */
    @Override
    public boolean readsKeyFilters() {
        return true;
    }

    /** The spec as Albis read options; segment checksums are verified, as by default. */
    public static ReadOptions options(ReadSpec spec) {
        ReadOptions o = ReadOptions.all().withColumns(spec.columns());
        if (!spec.hasFilter()) {
            return o;
        }
        if (!spec.hasKeyFilter()) {
            return o.withFilter(Predicates.le(spec.filterColumn(), spec.filterMax()));
        }
        List<Long> keys = spec.filterKeys();
        return o.withFilter(keys.size() == 1 ? Predicates.eq(spec.filterColumn(), keys.get(0))
                : Predicates.in(spec.filterColumn(), keys));
    }
}
