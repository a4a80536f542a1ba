package io.albis.crail;

/**
 * What the namenode knows of a file or directory.
 *
 * @param length bytes of a file; 0 for a directory
 * @param modificationTime milliseconds since the epoch
 */
public record CrailEntry(boolean directory, long length, long modificationTime) {}
