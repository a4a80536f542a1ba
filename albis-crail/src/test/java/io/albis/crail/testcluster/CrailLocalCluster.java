package io.albis.crail.testcluster;

import io.albis.crail.CrailGlobals;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.apache.crail.conf.CrailConfiguration;
import org.apache.crail.conf.CrailConstants;

/**
 * A Crail cluster inside this JVM on 127.0.0.1: an {@link InMemoryNameNode} and one
 * {@link LoopbackDataNode}, on free ports, for tests, benchmarks and demos. Start it with
 * {@code CRAIL_HOME} set; it writes {@code $CRAIL_HOME/conf/crail-site.conf}, which every Crail
 * client (in this or another JVM with the same {@code CRAIL_HOME}) reads. Albis reaches it at
 * {@link #uri()}.
 *
 * <p>Both nodes can be stopped and started again to try out failures. A restarted datanode
 * serves the same memory again; a restarted namenode starts with an empty namespace (the old one
 * was in memory).
 */
public final class CrailLocalCluster implements AutoCloseable {
    public static final long DEFAULT_STORAGE_BYTES = 1L << 30;
    private static final int REGION_BYTES = 64 << 20;
    /** How long a freed block rests before it is reused (see BlockPool). */
    private static final long REUSE_DELAY_NANOS = TimeUnit.SECONDS.toNanos(2);
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    private final Path home;
    private final CrailConfiguration conf;
    private final long storageBytes;
    private final int nameNodePort;
    private LocalNameNode nameNode;
    private LoopbackDataNode dataNode;

    private CrailLocalCluster(Path home, CrailConfiguration conf, long storageBytes, LocalNameNode nameNode) {
        this.home = home;
        this.conf = conf;
        this.storageBytes = storageBytes;
        this.nameNode = nameNode;
        this.nameNodePort = nameNode.address().getPort();
    }

    /** A cluster with {@link #DEFAULT_STORAGE_BYTES} of storage, namenode on a free port. */
    public static CrailLocalCluster start() throws IOException {
        return start(0, DEFAULT_STORAGE_BYTES);
    }

    /**
     * A cluster whose namenode listens on {@code nameNodePort} (0: a free port) and whose datanode
     * holds {@code storageBytes} (allocated as they are used, in 64 MiB regions).
     */
    public static CrailLocalCluster start(int nameNodePort, long storageBytes) throws IOException {
        CrailGlobals.requireDirectBufferAccess();
        Path home = CrailSiteConf.home();
        CrailSiteConf.write(home, CrailSiteConf.localCluster(home, null));
        CrailConfiguration conf = new CrailConfiguration();
        LocalNameNode nameNode = startNameNode(conf, nameNodePort);
        CrailLocalCluster cluster = new CrailLocalCluster(home, conf, storageBytes, nameNode);
        try {
            conf.set(CrailConstants.NAMENODE_ADDRESS_KEY, cluster.uri().toString());
            CrailSiteConf.write(home, CrailSiteConf.localCluster(home, cluster.uri().toString()));
            cluster.startDataNode();
            return cluster;
        } catch (IOException | RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    /** Where Albis reaches this cluster: crail://127.0.0.1:port. */
    public URI uri() {
        return URI.create("crail://" + LOOPBACK.getHostAddress() + ":" + nameNodePort);
    }

    /** The {@code CRAIL_HOME} whose crail-site.conf describes this cluster. */
    public Path home() {
        return home;
    }

    public synchronized InetSocketAddress dataNodeAddress() {
        return dataNode == null ? null : dataNode.address();
    }

    /**
     * Starts the datanode: the first time on a free port, giving its memory to the namenode;
     * after {@link #stopDataNode()} on the same port with the same data, as a datanode that
     * comes back.
     */
    public synchronized void startDataNode() throws IOException {
        if (dataNode == null) {
            dataNode = call(conf, () -> LoopbackDataNode.start(new InetSocketAddress(LOOPBACK, 0), storageBytes, REGION_BYTES));
            if (nameNode != null) {
                registerDataNode();
            }
        } else {
            dataNode.resume();
        }
    }

    /** Stops the datanode as if its process died: its clients' connections close. Its data is kept for a restart. */
    public synchronized void stopDataNode() {
        if (dataNode != null) {
            dataNode.stop();
        }
    }

    /** Starts an empty namenode on the cluster's port; the datanode gives it all its memory (as free blocks) again. */
    public synchronized void startNameNode() throws IOException {
        if (nameNode != null) {
            throw new IllegalStateException("the namenode is running");
        }
        nameNode = startNameNode(conf, nameNodePort);
        if (dataNode != null) {
            registerDataNode();
        }
    }

    /** Stops the namenode: its clients' connections close, the namespace is lost. */
    public synchronized void stopNameNode() {
        if (nameNode != null) {
            nameNode.close();
            nameNode = null;
        }
    }

    /**
     * The blocks the namenode can hand out, freed ones still waiting out the reuse delay included:
     * after everything written is deleted, all but the root directory's blocks.
     */
    public synchronized int freeBlocks() {
        if (nameNode == null) {
            throw new IllegalStateException("the namenode of " + this + " is stopped");
        }
        return nameNode.freeBlocks();
    }

    @Override
    public synchronized void close() {
        if (dataNode != null) {
            dataNode.close();
            dataNode = null;
        }
        stopNameNode();
    }

    @Override
    public String toString() {
        return "local Crail cluster " + uri() + " (CRAIL_HOME " + home + ")";
    }

    private void registerDataNode() throws IOException {
        LoopbackDataNode node = dataNode;
        InetSocketAddress at = nameNode.address();
        call(conf, () -> {
            node.registerWith(conf, at);
            return null;
        });
    }

    private static LocalNameNode startNameNode(CrailConfiguration conf, int port) throws IOException {
        return call(conf, () -> LocalNameNode.start(conf, new InetSocketAddress(LOOPBACK, port), REUSE_DELAY_NANOS));
    }

    /** Runs a start-up step with Crail's constants set from the cluster's configuration. */
    private static <T> T call(CrailConfiguration conf, Callable<T> step) throws IOException {
        try {
            return CrailGlobals.withConfiguration(conf, step);
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e.getMessage(), e);
        }
    }
}
