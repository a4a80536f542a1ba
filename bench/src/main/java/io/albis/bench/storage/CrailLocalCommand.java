package io.albis.bench.storage;

import io.albis.crail.CrailGlobals;
import io.albis.crail.testcluster.CrailLocalCluster;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code scripts/crail-local}: a {@link CrailLocalCluster} that runs until the JVM is stopped (Ctrl-C). */
@Command(name = "crail-local", mixinStandardHelpOptions = true,
        header = "Run a Crail cluster on 127.0.0.1 until Ctrl-C, to try Albis on crail:// paths.",
        description = "An in-memory namenode and one TCP datanode in this JVM (albis-crail's test cluster). Prints the"
                + " crail:// URI and the CRAIL_HOME that clients must use; the datanode's memory is allocated as it"
                + " is used, and the data goes with the cluster.")
public final class CrailLocalCommand implements Callable<Integer> {
    @Option(names = "--port", paramLabel = "P", description = "The namenode's port (default: a free one).")
    int port;

    @Option(names = "--storage-mb", paramLabel = "N", description = "The datanode's memory in MiB (default 1024).")
    long storageMb = 1024;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter out = new PrintWriter(System.out, true);
        CrailLocalCluster cluster = start(out);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            cluster.close();
            out.println("crail-local: stopped");
            stopped.countDown();
        }, "crail-local shutdown"));
        stopped.await();
        return 0;
    }

    /** Starts the cluster and prints what a client needs to reach it. */
    CrailLocalCluster start(PrintWriter out) throws IOException {
        if (port < 0 || port > 65535 || storageMb < 64) {
            throw new IllegalArgumentException("--port must be 0..65535 and --storage-mb at least 64");
        }
        CrailLocalCluster cluster = CrailLocalCluster.start(port, storageMb << 20);
        out.println("crail-local: a Crail cluster is running on 127.0.0.1");
        out.println("  namenode   " + cluster.uri());
        InetSocketAddress dataNode = cluster.dataNodeAddress();
        out.println("  datanode   " + dataNode.getAddress().getHostAddress() + ":" + dataNode.getPort() + ", "
                + storageMb + " MiB of memory");
        out.println();
        out.println("Clients need, in their environment and on their JVM command line:");
        out.println("  export CRAIL_HOME=" + cluster.home());
        out.println("  java " + CrailGlobals.REQUIRED_JVM_FLAG + " ...");
        out.println("Albis paths then look like " + cluster.uri() + "/tables/my-table");
        out.println("Press Ctrl-C to stop; the data is held in memory and goes with the cluster.");
        out.flush();
        return cluster;
    }
}
