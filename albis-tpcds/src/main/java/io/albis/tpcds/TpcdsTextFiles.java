package io.albis.tpcds;

import io.albis.util.TaskFailures;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * Writes a TPC-DS table as dsdgen's text: one line per row, values separated by '|', an empty
 * value for null, no separator after the last value, in ISO-8859-1 as dsdgen writes it. This is
 * the text Spark's TPC-DS suite loads (splitting on '|', reading an empty value as null, decoding
 * UTF-8: the few non-ASCII letters of the data, such as the É of RÉUNION, become U+FFFD there, and
 * Spark's golden answers hold them so), so the same loader serves every format.
 * The table is generated in {@code parts} chunks on as many threads, one file per chunk
 * ({@code part-00001.dat}, ...).
 */
public final class TpcdsTextFiles {
    private TpcdsTextFiles() {}

    /**
     * Generates {@code table} into the directory {@code dir} (created; it must not hold files of
     * this table already), reporting the rows written so far to {@code progress} about every
     * {@link TpcdsGenerator#PROGRESS_EVERY} rows. Returns the number of rows.
     */
    public static long write(String table, double scale, TpcdsSeed seed, int parts, Path dir, LongConsumer progress)
            throws IOException {
        TpcdsGenerator.checkScale(scale);
        String name = TpcdsGenerator.table(table).getName();
        if (parts < 1) {
            throw new IllegalArgumentException("parts must be at least 1, got " + parts);
        }
        Files.createDirectories(dir);
        AtomicLong rows = new AtomicLong();
        ExecutorService threads = Executors.newFixedThreadPool(parts, r -> {
            Thread t = new Thread(r, "tpcds-" + name);
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> chunks = new ArrayList<>();
            for (int chunk = 1; chunk <= parts; chunk++) {
                Path file = dir.resolve(String.format(Locale.ROOT, "part-%05d.dat", chunk));
                int c = chunk;
                chunks.add(threads.submit(() -> writeChunk(name, scale, seed, parts, c, file, rows, progress)));
            }
            for (Future<?> f : chunks) {
                f.get();
            }
        } catch (ExecutionException e) {
            throw TaskFailures.of(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while generating " + name, e);
        } finally {
            threads.shutdownNow();
        }
        progress.accept(rows.get());
        return rows.get();
    }

    private static Void writeChunk(String table, double scale, TpcdsSeed seed, int parts, int chunk, Path file,
            AtomicLong rows, LongConsumer progress) throws IOException {
        Iterator<List<String>> generated = TableRows.seeded(seed).rows(table, scale, parts, chunk);
        StringBuilder line = new StringBuilder(256);
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.ISO_8859_1)) {
            while (generated.hasNext()) {
                line.setLength(0);
                List<String> row = generated.next();
                for (int i = 0; i < row.size(); i++) {
                    if (i > 0) {
                        line.append('|');
                    }
                    String v = row.get(i);
                    if (v != null) {
                        line.append(v);
                    }
                }
                out.append(line).append('\n');
                if (rows.incrementAndGet() % TpcdsGenerator.PROGRESS_EVERY == 0) {
                    progress.accept(rows.get());
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return null;
    }
}
