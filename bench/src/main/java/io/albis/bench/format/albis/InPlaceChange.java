package io.albis.bench.format.albis;

import io.albis.bench.format.ColumnChange;
import io.albis.bench.format.PartFiles;
import io.albis.bench.format.WriteResult;
import io.albis.schema.ColumnGroupSpec;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * An Albis table changed in place (experiment 11): the prepared copy's files are hard-linked into
 * a work directory, untimed (Albis never writes into a file it has published, so the copy stays as
 * it is), then the change runs on the linked table, timed; what it wrote is every file that was
 * not there before.
 */
public final class InPlaceChange {
    private InPlaceChange() {}

    /** A change of the table at a path. */
    @FunctionalInterface
    public interface Change {
        void apply(String table) throws IOException;
    }

    public static WriteResult run(Path copy, Path dir, Change change) throws IOException {
        link(copy, dir);
        Set<Path> before = new HashSet<>(PartFiles.allFiles(dir));
        long start = System.nanoTime();
        change.apply(dir.toString());
        long nanos = System.nanoTime() - start;
        List<Path> written = new ArrayList<>();
        long bytes = 0;
        for (Path f : PartFiles.allFiles(dir)) {
            if (!before.contains(f)) {
                written.add(f);
                bytes += Files.size(f);
            }
        }
        return new WriteResult(written, bytes, nanos);
    }

    /** Every file of the table {@code copy} linked under the same name in the new directory {@code dir}. */
    private static void link(Path copy, Path dir) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(copy)) {
            files = s.filter(Files::isRegularFile).toList();
        }
        for (Path f : files) {
            Path to = dir.resolve(copy.relativize(f));
            Files.createDirectories(to.getParent());
            Files.createLink(to, f);
        }
    }

    /** Checks what a change left that the rows do not show: a dropped column gone, the new column groups. */
    public static void checkSchema(ColumnChange change, Path dir) throws IOException {
        Schema schema = AlbisTable.open(LocalStorage.INSTANCE, dir.toString()).schema();
        switch (change.kind()) {
            case ADD -> {
                if (!schema.hasColumn(change.column())) {
                    throw new IOException(dir + " has no column " + change.column() + " after it was added");
                }
            }
            case DROP -> {
                if (schema.columns().stream().anyMatch(c -> c.name().equals(change.column()))) {
                    throw new IOException(dir + " still has column " + change.column() + " after a heavy drop");
                }
            }
            case REGROUP -> {
                if (!ColumnGroupSpec.parse(change.groups()).laysOut(schema)) {
                    throw new IOException(dir + " is not laid out as " + change.groups() + " after a re-group: " + schema);
                }
            }
        }
    }
}
