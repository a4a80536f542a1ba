package io.albis.bench.format.peer;

import io.albis.bench.format.PartFiles;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.bench.format.ReadSpec;
import io.albis.scan.ScanResult;
import io.albis.scan.ValueChecksum;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The helpers the peer adapters share: decimal words, part files, column resolution, the threaded read. */
class PeerHelpersTest {
    @TempDir
    Path dir;

    /** Low + high word of a 128-bit two's complement value, computed with BigInteger. */
    private static long expectedWords(BigInteger v) {
        long lo = v.longValue();
        long hi = v.shiftRight(64).longValue();
        return lo + hi;
    }

    @Test
    void decimalWordsMatchTheAlbisLayout() {
        Random r = new Random(7);
        List<BigInteger> values = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate(),
                BigInteger.TEN.pow(38).subtract(BigInteger.ONE), BigInteger.TEN.pow(38).subtract(BigInteger.ONE).negate(),
                BigInteger.valueOf(Long.MIN_VALUE), BigInteger.valueOf(Long.MAX_VALUE)));
        for (int i = 0; i < 500; i++) {
            BigInteger v = new BigInteger(1 + r.nextInt(126), r);
            values.add(r.nextBoolean() ? v.negate() : v);
        }
        for (BigInteger v : values) {
            byte[] be = v.toByteArray();
            assertEquals(expectedWords(v), ValueChecksum.ofBigEndian(be, 0, be.length), v.toString());
            // Sign-extended input (as fixed-length Parquet decimals are) gives the same words.
            byte[] padded = new byte[be.length + 3];
            java.util.Arrays.fill(padded, 0, 3, (byte) (v.signum() < 0 ? -1 : 0));
            System.arraycopy(be, 0, padded, 3, be.length);
            assertEquals(expectedWords(v), ValueChecksum.ofBigEndian(padded, 0, padded.length), v + " padded");
            if (v.bitLength() < 64) {
                assertEquals(v.longValue(), DecimalWords.ofBigEndian(padded, 0, padded.length, 18), v + " as a long");
            }
        }
    }

    @Test
    void partFilesAreListedInRowGroupOrderAndNothingElse() throws IOException {
        for (int i : new int[] {10, 2, 0, 1}) {
            Files.writeString(dir.resolve(PartFiles.name(i, "orc")), "x");
        }
        Files.writeString(dir.resolve("part-00003.parquet"), "x");
        Files.writeString(dir.resolve(".part-00004.orc.tmp"), "x");
        Files.writeString(dir.resolve("_SUCCESS"), "");
        assertEquals(List.of("part-00000.orc", "part-00001.orc", "part-00002.orc", "part-00010.orc"),
                PartFiles.list(dir, "orc").stream().map(p -> p.getFileName().toString()).toList());
        IOException e = assertThrows(IOException.class, () -> PartFiles.list(dir, "arrow"));
        assertTrue(e.getMessage().contains(dir.toString()), e.getMessage());
    }

    @Test
    void columnsResolveToProjectionFilterAndTheirUnion() throws IOException {
        List<String> file = List.of("a", "b", "c");
        Path f = dir.resolve("part-00000.x");
        ReadColumns all = ReadColumns.resolve(file, ReadSpec.all(), f);
        assertEquals(file, all.projected());
        assertEquals(file, all.toRead());
        ReadColumns some = ReadColumns.resolve(file, ReadSpec.columns(List.of("c", "a")).withFilterAtMost("b", 3), f);
        assertEquals(List.of("c", "a"), some.projected());
        assertEquals(List.of("c", "a", "b"), some.toRead());
        assertEquals("b", some.filter());
        ReadColumns projectedFilter = ReadColumns.resolve(file, ReadSpec.columns(List.of("b")).withFilterAtMost("b", 3), f);
        assertEquals(List.of("b"), projectedFilter.toRead());
        IOException e = assertThrows(IOException.class, () -> ReadColumns.resolve(file, ReadSpec.columns(List.of("z")), f));
        assertTrue(e.getMessage().contains("'z'") && e.getMessage().contains(f.toString()), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ReadColumns.resolve(file, ReadSpec.columns(List.of("a", "a")), f));
    }

    @Test
    void threadTReadsFilesTThenTPlusThreads() throws IOException {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            files.add(dir.resolve(PartFiles.name(i, "x")));
        }
        for (int threads : new int[] {1, 2, 3, 10}) {
            Map<Path, String> readBy = new ConcurrentHashMap<>();
            List<String> order = Collections.synchronizedList(new ArrayList<>());
            ScanResult r = PartitionedRead.run(files, threads, (file, tally) -> {
                readBy.put(file, Thread.currentThread().getName());
                order.add(Thread.currentThread().getName() + " " + file.getFileName());
                tally.addRows(1);
                tally.add(5, 4, 1);
            });
            assertEquals(7, r.rows());
            assertEquals(28, r.logicalBytes());
            assertEquals(7, r.nulls());
            assertEquals(35 + 7 * ValueChecksum.NULL_WEIGHT, r.checksum());
            int used = Math.min(threads, files.size());
            for (int i = 0; i < files.size(); i++) {
                // Files i and i + used go to the same thread, files i and i + 1 (used > 1) to different ones.
                if (i + used < files.size()) {
                    assertEquals(readBy.get(files.get(i)), readBy.get(files.get(i + used)), threads + " threads, file " + i);
                }
                if (used > 1 && i + 1 < files.size()) {
                    assertTrue(!readBy.get(files.get(i)).equals(readBy.get(files.get(i + 1))), threads + " threads, file " + i);
                }
            }
        }
        IOException failure = assertThrows(IOException.class, () -> PartitionedRead.run(files, 2, (file, tally) -> {
            throw new IOException(file + ": broken");
        }));
        assertTrue(failure.getMessage().contains("broken"));
        assertThrows(IllegalArgumentException.class, () -> PartitionedRead.run(files, 0, (file, tally) -> { }));
    }
}
