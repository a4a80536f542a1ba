/**
 * A Crail cluster inside this JVM ({@link io.albis.crail.testcluster.CrailLocalCluster}: an
 * in-memory namenode and a TCP datanode on 127.0.0.1; and one shared by a test run,
 * {@link io.albis.crail.testcluster.SharedCrailCluster}) for tests, the bench's in-process storage
 * backends and {@code scripts/crail-local}: a test cluster, not a way to run Crail. It lives in the
 * test tree and reaches other modules as albis-crail's test-jar, so users of the library do not get it.
 */
package io.albis.crail.testcluster;
