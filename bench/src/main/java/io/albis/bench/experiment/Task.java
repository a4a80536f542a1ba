package io.albis.bench.experiment;

import io.albis.bench.format.ReadSpec;

/**
 * A case as a fork runs it, with every path resolved: what the parent sends a fork as JSON.
 *
 * @param dir    READ: the written copy; WRITE: the directory to write into (emptied before each write);
 *               a change of columns (experiment 11): where the changed table goes (removed before each run)
 * @param source WRITE: the source Albis table; a change of columns: the copy it starts from; READ: unused
 */
public record Task(int id, Kind kind, String format, String dir, String source, String codec, ReadSpec spec,
        int threads, int warmup, int repeat) {

    /** This task reading (or writing) {@code other} instead of {@link #dir}. */
    public Task withDir(String other) {
        return new Task(id, kind, format, other, source, codec, spec, threads, warmup, repeat);
    }
}
