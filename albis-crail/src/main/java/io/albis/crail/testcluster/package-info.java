/**
 * A Crail cluster inside this JVM ({@link io.albis.crail.testcluster.CrailLocalCluster}: an
 * in-memory namenode and a TCP datanode on 127.0.0.1) for tests, the CLI's
 * {@code scan --storage crail-local}, the benchmark's {@code --storage crail-local} and
 * {@code scripts/crail-local}: a test cluster, not a way to run Crail.
 */
package io.albis.crail.testcluster;
