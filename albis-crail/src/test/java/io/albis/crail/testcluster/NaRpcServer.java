package io.albis.crail.testcluster;

import com.ibm.narpc.NaRPCMessage;
import com.ibm.narpc.NaRPCServerChannel;
import com.ibm.narpc.NaRPCServerEndpoint;
import com.ibm.narpc.NaRPCServerGroup;
import com.ibm.narpc.NaRPCService;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves a {@link NaRPCService} on a TCP port with NaRPC's own server group, and can be stopped.
 *
 * <p>Stopping is the part NaRPC leaves out: its server group only ends its dispatcher loops, so
 * connected clients would wait forever for answers that never come. Here every accepted channel
 * is tracked and closed on {@link #close()}, so clients see the connection end and fail at once.
 * (Crail's own {@code TcpNameNodeServer} cannot be stopped at all: its accept loop runs forever
 * on a socket it keeps private.)
 */
final class NaRpcServer<R extends NaRPCMessage, T extends NaRPCMessage> implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(NaRpcServer.class);

    private final String name;
    private final NaRPCServerGroup<R, T> group;
    private final NaRPCServerEndpoint<R, T> endpoint;
    private final Set<NaRPCServerChannel> channels = ConcurrentHashMap.newKeySet();
    private final InetSocketAddress address;
    private final Thread acceptor;
    private volatile boolean closed;

    /**
     * Starts serving on {@code bind} (port 0 picks a free port) with one dispatcher thread;
     * {@code messageSize} bounds a request or response.
     */
    NaRpcServer(String name, NaRPCService<R, T> service, InetSocketAddress bind, int queueDepth, int messageSize)
            throws IOException {
        this.name = name;
        this.group = new NaRPCServerGroup<>(new Tracking(service), queueDepth, messageSize, true, 1);
        try {
            this.endpoint = group.createServerEndpoint();
            endpoint.bind(bind);
            this.address = new InetSocketAddress(bind.getAddress(), portOf(endpoint.address()));
        } catch (IOException e) {
            group.close();
            throw new IOException(name + ": cannot listen on " + bind + ": " + e.getMessage(), e);
        }
        this.acceptor = new Thread(this::acceptUntilClosed, name + " on " + address);
        acceptor.setDaemon(true);
        acceptor.start();
    }

    InetSocketAddress address() {
        return address;
    }

    private void acceptUntilClosed() {
        while (!closed) {
            try {
                endpoint.accept(); // registers the channel with the dispatcher, which tells Tracking
            } catch (Exception e) {
                if (!closed) {
                    LOG.warn("{}: accepting a connection failed: {}", name, e.toString());
                    pause();
                }
            }
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            endpoint.close();
        } catch (Exception e) {
            LOG.debug("{}: closing the listening socket: {}", name, e.toString());
        }
        try {
            acceptor.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            group.close();
        } catch (IOException e) {
            LOG.debug("{}: stopping the dispatcher: {}", name, e.toString());
        }
        for (NaRPCServerChannel c : channels) {
            closeQuietly(c);
        }
        channels.clear();
    }

    private static int portOf(String address) {
        // NaRPC gives the bound address only as text, e.g. "/127.0.0.1:40123".
        return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
    }

    private static void pause() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void closeQuietly(NaRPCServerChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            LOG.debug("{}: closing a client connection: {}", name, e.toString());
        }
    }

    /** The service, plus a record of the open client connections. */
    private final class Tracking implements NaRPCService<R, T> {
        private final NaRPCService<R, T> service;

        Tracking(NaRPCService<R, T> service) {
            this.service = service;
        }

        @Override
        public R createRequest() {
            return service.createRequest();
        }

        @Override
        public T processRequest(R request) {
            return service.processRequest(request);
        }

        @Override
        public void addEndpoint(NaRPCServerChannel channel) {
            channels.add(channel);
            service.addEndpoint(channel);
            if (closed) {
                closeQuietly(channel);
            }
        }

        @Override
        public void removeEndpoint(NaRPCServerChannel channel) {
            channels.remove(channel);
            service.removeEndpoint(channel);
        }
    }
}
