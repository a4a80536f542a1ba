package io.albis.bench.format.peer;

import io.albis.bench.format.PartFiles;

/** Reads one part file of a peer into a thread's {@link Tally}. */
@FunctionalInterface
public interface PartReader extends PartFiles.Reader<Tally> {}
