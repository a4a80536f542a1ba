package io.albis.convert.orc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.convert.ConvertInputException;
import io.albis.convert.ConvertOptions;
import io.albis.testing.MemoryStorage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A damaged ORC file on which orc-core spins (an integer run of a timestamp stream cut short, a
 * fuzz finding): the conversion ends at the decode deadline as a corrupt file naming the stripe
 * and the column, and leaves no decoding thread spinning behind it where the JVM can stop one.
 */
class OrcDecodeDeadlineTest {
    @TempDir
    Path dir;

    @Test
    void aBatchOrcCoreCannotDecodeEndsAtTheDeadlineAsCorrupt() throws Exception {
        Path in = dir.resolve("damaged.orc");
        try (var s = OrcDecodeDeadlineTest.class.getResourceAsStream("damaged/timestamp-run-cut-short.orc")) {
            Files.write(in, s.readAllBytes());
        }
        MemoryStorage storage = new MemoryStorage();
        ConvertOptions options = ConvertOptions.defaults().withDecodeDeadline(Duration.ofSeconds(1));
        ConvertInputException e = assertThrows(ConvertInputException.class,
                () -> OrcToAlbis.convert(in.toString(), storage, "t", options));
        assertTrue(e.getMessage().startsWith(in + ": corrupt in stripe 0, column 'tsi': orc-core did not decode a batch"
                + " of rows within 1 s"), e.getMessage());
        assertFalse(storage.exists("t"), "no table is left behind");
        if (Runtime.version().feature() < 20) {
            // Thread.stop still works: the spinning thread is gone once the conversion has failed.
            for (int wait = 0; wait < 100 && decodingThreads() > 0; wait++) {
                Thread.sleep(50);
            }
            assertTrue(decodingThreads() == 0, "a decoding thread still runs");
        }
    }

    private static long decodingThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("albis-orc-decode") && t.isAlive()).count();
    }

    @Test
    void theDeadlineMustBePositive() {
        assertThrows(io.albis.error.InvalidOptionException.class,
                () -> ConvertOptions.defaults().withDecodeDeadline(Duration.ZERO));
    }
}
