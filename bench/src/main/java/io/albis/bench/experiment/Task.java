package io.albis.bench.experiment;

import io.albis.bench.format.ReadSpec;

/**
 * A case as a fork runs it, with every path resolved: what the parent sends a fork as JSON.
 *
 * @param dir    READ: the written copy; WRITE: the directory to write into (emptied before each write)
 * @param source WRITE: the source Albis table; READ: unused
 */
public record Task(int id, Kind kind, String format, String dir, String source, String codec, ReadSpec spec,
        int threads, int warmup, int repeat) {}
