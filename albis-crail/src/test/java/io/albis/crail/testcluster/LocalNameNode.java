package io.albis.crail.testcluster;

import java.io.IOException;
import java.net.InetSocketAddress;
import org.apache.crail.conf.CrailConfiguration;
import org.apache.crail.conf.CrailConstants;
import org.apache.crail.namenode.rpc.tcp.TcpNameNodeRequest;
import org.apache.crail.namenode.rpc.tcp.TcpNameNodeResponse;
import org.apache.crail.namenode.rpc.tcp.TcpRpcConstants;
import org.apache.crail.namenode.rpc.tcp.TcpRpcDispatcher;

/**
 * An {@link InMemoryNameNode} served over Crail's TCP namenode protocol: Crail's own
 * {@link TcpRpcDispatcher} decodes each call and hands it to the namenode, in a stoppable
 * {@link NaRpcServer}.
 */
final class LocalNameNode implements AutoCloseable {
    private final InMemoryNameNode nameNode;
    private final NaRpcServer<TcpNameNodeRequest, TcpNameNodeResponse> server;

    private LocalNameNode(InMemoryNameNode nameNode, NaRpcServer<TcpNameNodeRequest, TcpNameNodeResponse> server) {
        this.nameNode = nameNode;
        this.server = server;
    }

    /** Starts a namenode on {@code bind}; Crail's constants must already hold {@code conf}. */
    static LocalNameNode start(CrailConfiguration conf, InetSocketAddress bind, long reuseDelayNanos) throws IOException {
        TcpRpcConstants.updateConstants(conf);
        DirectoryBlockScrubber scrubber = new DirectoryBlockScrubber(conf, CrailConstants.BLOCK_SIZE);
        InMemoryNameNode nameNode = new InMemoryNameNode(CrailConstants.BLOCK_SIZE, CrailConstants.DIRECTORY_RECORD,
                reuseDelayNanos, scrubber);
        try {
            return new LocalNameNode(nameNode, new NaRpcServer<>("crail namenode", new TcpRpcDispatcher(nameNode), bind,
                    TcpRpcConstants.NAMENODE_TCP_QUEUEDEPTH, TcpRpcConstants.NAMENODE_TCP_MESSAGESIZE));
        } catch (IOException e) {
            nameNode.close();
            throw e;
        }
    }

    InetSocketAddress address() {
        return server.address();
    }

    int freeBlocks() {
        return nameNode.freeBlocks();
    }

    @Override
    public void close() {
        server.close();
        nameNode.close();
    }
}
