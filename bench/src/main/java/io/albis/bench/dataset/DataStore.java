package io.albis.bench.dataset;

import io.albis.bench.format.PartFiles;
import io.albis.bench.format.BenchFormat;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The data directory: {@code <root>/<dataset key>/source/} holds a dataset's Albis source table,
 * {@code <root>/<dataset key>/<dataFormat>-<codec>[-<variant>]/} each written copy. Everything is
 * written under {@code <root>/<dataset key>/.tmp/} and moved into place when complete, so an
 * interrupted run never leaves a half-written copy that a later run would trust.
 */
public final class DataStore {
    private static final String SOURCE = "source";
    private static final String TMP = ".tmp";

    private final Path root;

    public DataStore(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    public Path root() {
        return root;
    }

    public Path datasetDir(Dataset d) {
        return root.resolve(d.key());
    }

    public Path sourceDir(Dataset d) {
        return datasetDir(d).resolve(SOURCE);
    }

    public Path copyDir(Dataset d, String dataFormat, String codec, String variant) {
        return datasetDir(d).resolve(DataDirectory.name(dataFormat, codec, variant));
    }

    /** A directory for scratch writes of this dataset (write measurements), on the same file system. */
    public Path scratchDir(Dataset d) {
        return datasetDir(d).resolve(TMP).resolve("scratch");
    }

    /** The dataset's source table, generated first if it is not there yet. */
    public AlbisTable source(Dataset d) throws IOException {
        Path dir = sourceDir(d);
        if (!Files.isDirectory(dir)) {
            Path tmp = fresh(d, SOURCE);
            long start = System.nanoTime();
            d.writeSource(tmp.toString());
            publish(tmp, dir);
            System.err.printf("bench: generated %s in %.1f s -> %s%n", d.key(), seconds(start), dir);
        }
        return AlbisTable.open(LocalStorage.INSTANCE, dir.toString());
    }

    /**
     * The copy of the dataset in {@code writer}'s data format, written first if it is not there
     * yet; returns its directory.
     */
    public Path copy(Dataset d, BenchFormat writer, String codec, String variant) throws IOException {
        Path dir = copyDir(d, writer.dataFormat(), codec, variant);
        if (!Files.isDirectory(dir)) {
            AlbisTable source = source(d);
            // The temporary directory has the final name (under .tmp): formats read their layout from it.
            Path tmp = fresh(d, dir.getFileName().toString());
            long start = System.nanoTime();
            writer.write(source, tmp, codec);
            publish(tmp, dir);
            System.err.printf("bench: wrote %s as %s in %.1f s (%,d bytes)%n", d.key(), dir.getFileName(),
                    seconds(start), PartFiles.totalBytes(dir));
        }
        return dir;
    }

    private Path fresh(Dataset d, String name) throws IOException {
        Path tmp = datasetDir(d).resolve(TMP).resolve(name);
        LocalStorage.INSTANCE.delete(tmp.toString());
        Files.createDirectories(tmp);
        return tmp;
    }

    private static void publish(Path tmp, Path dir) throws IOException {
        Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
