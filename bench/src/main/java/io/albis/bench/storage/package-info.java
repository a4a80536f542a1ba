/**
 * Storage backends started inside the bench's JVM, from the storage modules' test clusters: the
 * HDFS and Crail of a run's {@code --storage} ({@link io.albis.bench.storage.StorageBackends}),
 * {@code scripts/bench scan}, which reads one table on each of them against its own raw read, and
 * {@code scripts/crail-local}, a Crail cluster to try Albis on. The library and the CLI ship no
 * test cluster; the bench, a tool on top, is where they run outside tests.
 */
package io.albis.bench.storage;
