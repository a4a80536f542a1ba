/**
 * Storage backends started inside the bench's JVM from the storage modules' test clusters: the
 * HDFS and Crail of a run's {@code --storage} ({@link io.albis.bench.storage.StorageBackends}),
 * which experiment 8 and the bench's {@code scan} read from, and the Crail cluster that
 * {@code scripts/crail-local} runs to try Albis on. The library and the CLI ship no test cluster;
 * the bench, a tool on top, is where the clusters run outside tests.
 */
package io.albis.bench.storage;
