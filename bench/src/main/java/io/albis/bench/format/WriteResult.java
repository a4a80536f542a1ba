package io.albis.bench.format;

import java.nio.file.Path;
import java.util.List;

/** Files written, their total size on disk, and the wall time of writing them. */
public record WriteResult(List<Path> files, long fileBytes, long nanos) {}
