/**
 * An HDFS inside this JVM ({@link io.albis.hdfs.testcluster.LocalHdfsCluster}) for tests, the CLI's
 * {@code scan --storage hdfs-local} and the benchmark's {@code --storage hdfs-local}: a test
 * cluster, not a way to run HDFS. It needs hadoop-client-minicluster, which albis-hdfs declares
 * optional, so whoever starts one declares that dependency.
 */
package io.albis.hdfs.testcluster;
