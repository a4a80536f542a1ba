package io.albis.bench.format;

/**
 * Marks a {@link io.albis.bench.format.BenchFormat} that is a physical reference, not a format:
 * it reads bytes without parsing them and reports the rows, logical bytes and checksum of the
 * Albis reading of the same data, so its goodput is comparable. The harness does not count it
 * in the checksum-agreement check.
 */
public interface Baseline {}
