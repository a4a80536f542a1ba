/**
 * The few file operations Albis needs ({@link io.albis.storage.Storage}: positional reads, front-
 * to-back writes, atomic renames, listings), the local implementation, and the lookup of the
 * storage that serves a path: plain paths and file:// locally, other schemes (hdfs://, crail://)
 * from {@link io.albis.storage.StorageProvider}s found on the class path, so core stays free of
 * their dependencies.
 */
package io.albis.storage;
