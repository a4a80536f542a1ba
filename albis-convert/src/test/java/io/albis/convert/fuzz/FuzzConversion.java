package io.albis.convert.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;

import io.albis.convert.ConvertInputException;
import io.albis.convert.ConvertOptions;
import io.albis.error.SchemaMismatchException;
import io.albis.fuzz.Documented;
import io.albis.read.ReadOptions;
import io.albis.scan.ChecksumScan;
import io.albis.storage.Storage;
import io.albis.table.AlbisTable;
import io.albis.testing.MemoryChecks;
import io.albis.testing.MemoryStorage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * What the converter fuzz targets share: the input is written to a file in a temporary directory
 * (the converters read through Hadoop's file system) and converted into a table in a fresh
 * {@link MemoryStorage}. Documented failures are the converters': {@link ConvertInputException}
 * (a damaged or unreadable file, a value the table cannot take) and {@link SchemaMismatchException}
 * (a type Albis cannot hold), besides the errors of Albis files. A failed conversion must leave no
 * table behind; a conversion that succeeds must have written a table that reads back whole.
 */
final class FuzzConversion {
    private static final String TABLE = "fuzz/t";
    /**
     * One Hadoop configuration for every input (making one per input would dominate the time). ORC
     * batches get 250 ms, not the default 30 s: orc-core spins on some damage until that deadline
     * ends it (OrcDecodeDeadline), and the fuzzer meets such inputs often. The few rows of a fuzz
     * input decode in milliseconds; should a slow one miss the deadline, it is reported as corrupt,
     * a documented outcome.
     */
    private static final ConvertOptions OPTIONS = ConvertOptions.defaults()
            .withDecodeDeadline(Duration.ofMillis(250));
    private static final Path INPUTS = inputs();

    /** A converter's entry point, as {@code ParquetToAlbis.convert} and {@code OrcToAlbis.convert} have it. */
    @FunctionalInterface
    interface Converter {
        void convert(String in, Storage storage, String out, ConvertOptions options) throws IOException;
    }

    private FuzzConversion() {}

    private static Path inputs() {
        try {
            Path dir = Files.createTempDirectory("albis-fuzz-convert");
            dir.toFile().deleteOnExit();
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Converts {@code file} (named with {@code extension}) with {@code converter}, and judges the outcome. */
    static void convert(byte[] file, String extension, Converter converter) throws Throwable {
        Path in = INPUTS.resolve("input" + extension);
        Files.write(in, file);
        in.toFile().deleteOnExit();
        MemoryStorage storage = new MemoryStorage();
        boolean converted = Documented.run(() -> converter.convert(in.toString(), storage, TABLE, OPTIONS),
                ConvertInputException.class, SchemaMismatchException.class);
        if (converted) {
            ChecksumScan.scan(AlbisTable.open(storage, TABLE), ReadOptions.all().withAllocator(MemoryChecks.allocator()), 1);
        } else {
            assertFalse(storage.exists(TABLE), "a failed conversion leaves no table behind");
        }
    }
}
