package io.albis.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.function.Executable;

/** The check every converter test makes of a refused input: what the message names, and nothing left behind. */
public final class Refusals {
    private Refusals() {}

    /**
     * {@code conversion} fails with a {@code type} whose message mentions each of {@code mustMention},
     * and nothing is left at the target {@code out}; returns the failure.
     */
    public static <T extends Throwable> T assertRefused(Class<T> type, Path out, Executable conversion,
            String... mustMention) {
        T e = assertThrows(type, conversion);
        for (String m : mustMention) {
            assertTrue(e.getMessage().contains(m), "message should mention '" + m + "': " + e.getMessage());
        }
        assertFalse(Files.exists(out), "no table may be left behind");
        return e;
    }

    /** A conversion into the file {@code out}, which exists, is refused naming it, and the file keeps what it held. */
    public static void assertExistingFileKept(Path out, Executable conversion) throws IOException {
        Files.writeString(out, "keep me");
        FileAlreadyExistsException e = assertThrows(FileAlreadyExistsException.class, conversion);
        assertTrue(e.getMessage().contains(out.getFileName().toString()), e.getMessage());
        assertEquals("keep me", Files.readString(out));
    }
}
