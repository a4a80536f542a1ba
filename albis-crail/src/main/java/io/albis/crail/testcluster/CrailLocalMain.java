package io.albis.crail.testcluster;

import io.albis.crail.CrailGlobals;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.CountDownLatch;

/**
 * Runs a {@link CrailLocalCluster} until the JVM is stopped (Ctrl-C), after printing what a
 * client needs: the crail:// URI and the CRAIL_HOME to use. Used by {@code scripts/crail-local}.
 *
 * <pre>
 *   CrailLocalMain [--port P] [--storage-mb N]
 * </pre>
 */
public final class CrailLocalMain {
    private CrailLocalMain() {}

    public static void main(String[] args) throws IOException, InterruptedException {
        int port = 0;
        long storageMb = CrailLocalCluster.DEFAULT_STORAGE_BYTES >> 20;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--port" -> port = Integer.parseInt(value(args, ++i, "--port"));
                    case "--storage-mb" -> storageMb = Long.parseLong(value(args, ++i, "--storage-mb"));
                    default -> usage("unknown argument '" + args[i] + "'");
                }
            }
        } catch (NumberFormatException e) {
            usage("not a number: " + e.getMessage());
        }
        if (port < 0 || port > 65535 || storageMb < 64) {
            usage("--port must be 0..65535 and --storage-mb at least 64");
        }

        CrailLocalCluster cluster = CrailLocalCluster.start(port, storageMb << 20);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            cluster.close();
            System.out.println("crail-local: stopped");
            stopped.countDown();
        }, "crail-local shutdown"));

        System.out.println("crail-local: a Crail cluster is running on 127.0.0.1");
        System.out.println("  namenode   " + cluster.uri());
        InetSocketAddress dataNode = cluster.dataNodeAddress();
        System.out.println("  datanode   " + dataNode.getAddress().getHostAddress() + ":" + dataNode.getPort() + ", "
                + storageMb + " MiB of memory");
        System.out.println();
        System.out.println("Clients need, in their environment and on their JVM command line:");
        System.out.println("  export CRAIL_HOME=" + cluster.home());
        System.out.println("  java " + CrailGlobals.REQUIRED_JVM_FLAG + " ...");
        System.out.println("Albis paths then look like " + cluster.uri() + "/tables/my-table");
        System.out.println("Press Ctrl-C to stop; the data is held in memory and goes with the cluster.");
        System.out.flush();
        stopped.await();
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            usage(option + " needs a value");
        }
        return args[i];
    }

    private static void usage(String problem) {
        System.err.println("crail-local: " + problem);
        System.err.println("usage: crail-local [--port P] [--storage-mb N]   (defaults: a free port, 1024 MiB)");
        System.exit(2);
    }
}
