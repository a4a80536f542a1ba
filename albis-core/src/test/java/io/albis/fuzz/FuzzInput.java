package io.albis.fuzz;

import io.albis.testing.TableFiles;
import java.util.Arrays;

/**
 * A fuzz input read front to back: option bytes first, then the file bytes. Every read past the
 * end gives zeros (or nothing), so every input, the empty one included, is a valid input.
 */
public final class FuzzInput {
    /** The footer: CRC-32C and end magic. */
    private static final int FOOTER = 8;

    private final byte[] data;
    private int next;

    public FuzzInput(byte[] data) {
        this.data = data;
    }

    /** The next byte as 0..255, or 0 past the end. */
    public int nextByte() {
        return next < data.length ? data[next++] & 0xff : 0;
    }

    /** The next two bytes as a little-endian 0..65535. */
    public int nextU16() {
        return nextByte() | nextByte() << 8;
    }

    /** The next {@code n} bytes, or fewer at the end. */
    public byte[] next(int n) {
        int from = next;
        next = (int) Math.min(data.length, (long) from + Math.max(0, n));
        return Arrays.copyOfRange(data, from, next);
    }

    /** Every byte not read yet. */
    public byte[] rest() {
        return next(data.length - next);
    }

    /**
     * {@code file} with its CRC-32C footer recomputed when {@code reseal} (and the file is long enough
     * to hold a footer), so the fuzzer gets past the checksum to the body's checks.
     */
    public static byte[] resealedIf(boolean reseal, byte[] file) {
        return reseal && file.length >= FOOTER ? TableFiles.reseal(file) : file;
    }
}
