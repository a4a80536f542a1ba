package io.albis.crail.testcluster;

import java.io.IOException;
import java.net.InetSocketAddress;
import org.apache.crail.CrailStorageClass;
import org.apache.crail.conf.CrailConfiguration;
import org.apache.crail.conf.CrailConstants;
import org.apache.crail.namenode.rpc.tcp.TcpNameNode;
import org.apache.crail.rpc.RpcClient;
import org.apache.crail.rpc.RpcConnection;
import org.apache.crail.storage.StorageRpcClient;
import org.apache.crail.storage.tcp.TcpStorageConstants;
import org.apache.crail.storage.tcp.TcpStorageRequest;
import org.apache.crail.storage.tcp.TcpStorageResponse;

/**
 * A Crail datanode for Crail's TCP storage tier that listens on 127.0.0.1 and keeps its blocks
 * in direct memory. Crail's own {@code TcpStorageServer} takes its address from a network
 * interface with a broadcast address, which the loopback interface does not have; this one binds
 * wherever it is told.
 *
 * <p>It can stop serving (its clients' connections close, as when its process dies) and serve
 * again on the same address with the same memory, as a datanode that comes back would.
 */
public final class LoopbackDataNode implements AutoCloseable {
    /** Storage type 0: the first entry of crail.storage.types, which the cluster sets to the TCP tier. */
    private static final int STORAGE_TYPE = 0;

    private final DataNodeMemory memory;
    private InetSocketAddress address;
    private NaRpcServer<TcpStorageRequest, TcpStorageResponse> server;

    private LoopbackDataNode(DataNodeMemory memory) {
        this.memory = memory;
    }

    /**
     * Starts a datanode with {@code capacityBytes} of storage on {@code bind} (port 0 picks a free
     * one). It holds no data until {@link #registerWith} gave its memory to a namenode.
     */
    public static LoopbackDataNode start(InetSocketAddress bind, long capacityBytes, int regionBytes) throws IOException {
        LoopbackDataNode node = new LoopbackDataNode(new DataNodeMemory(capacityBytes, regionBytes));
        node.serve(bind);
        return node;
    }

    public synchronized InetSocketAddress address() {
        return address;
    }

    public synchronized boolean serving() {
        return server != null;
    }

    /** Serves the same memory on the same address again after {@link #stop()}. */
    public synchronized void resume() throws IOException {
        if (server == null) {
            serve(address);
        }
    }

    /** Stops serving and closes every client connection; the memory is kept for {@link #resume()}. */
    public synchronized void stop() {
        if (server != null) {
            server.close();
            server = null;
        }
    }

    private void serve(InetSocketAddress bind) throws IOException {
        // A message holds one block of data plus headers; Crail's TCP server sizes it the same way.
        int messageSize = Math.toIntExact(2 * CrailConstants.BLOCK_SIZE);
        server = new NaRpcServer<>("crail datanode", new DataNodeRequests(memory), bind,
                TcpStorageConstants.STORAGE_TCP_QUEUE_DEPTH, messageSize);
        address = server.address();
    }

    /** Registers all of this datanode's memory with the namenode at {@code nameNode} as free blocks. */
    public void registerWith(CrailConfiguration conf, InetSocketAddress nameNode) throws IOException {
        InetSocketAddress self = address();
        RpcClient client = new TcpNameNode();
        try {
            client.init(conf, null);
            RpcConnection connection = client.connect(nameNode);
            StorageRpcClient namenode = new StorageRpcClient(STORAGE_TYPE, CrailStorageClass.get(STORAGE_TYPE), self,
                    connection);
            long lba = 0;
            for (int region = 0; region < memory.regionCount(); region++) {
                namenode.setBlock(lba, 0, memory.regionBytes(), memory.key(region));
                lba += memory.regionBytes();
            }
            namenode.getDataNode();
        } catch (Exception e) {
            throw new IOException("datanode " + self + " could not register with the namenode at " + nameNode + ": " + e, e);
        } finally {
            client.close();
        }
    }

    /** Stops serving for good. */
    @Override
    public void close() {
        stop();
    }
}
