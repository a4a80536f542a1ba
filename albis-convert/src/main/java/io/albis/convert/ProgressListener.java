package io.albis.convert;

/**
 * Told how far a conversion has come, every few tens of thousands of rows and once at the end.
 * Called on the converting thread; keep it cheap.
 */
@FunctionalInterface
public interface ProgressListener {
    /**
     * @param done  rows converted so far
     * @param total rows the input holds, or -1 when that is not known up front
     */
    void rows(long done, long total);

    ProgressListener NONE = (d, t) -> { };
}
