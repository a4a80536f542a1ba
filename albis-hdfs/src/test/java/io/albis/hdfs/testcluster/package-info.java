/**
 * An HDFS inside this JVM ({@link io.albis.hdfs.testcluster.LocalHdfsCluster}, and one shared by a
 * test run, {@link io.albis.hdfs.testcluster.SharedHdfsCluster}) for tests and the bench's
 * in-process storage backends: a test cluster, not a way to run HDFS. It lives in the test tree and
 * reaches other modules as albis-hdfs's test-jar, so users of the library get neither it nor
 * hadoop-client-minicluster, which it needs and which every module using it declares itself.
 */
package io.albis.hdfs.testcluster;
