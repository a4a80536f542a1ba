package io.albis.bench.storage;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.crail.CrailStorage;
import io.albis.crail.testcluster.CrailLocalCluster;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** {@code scripts/crail-local}'s command: the cluster it starts answers at the URI it prints. */
class CrailLocalCommandTest {

    @Test
    void printsTheUriAndCrailHomeOfARunningCluster() throws Exception {
        CrailLocalCommand command = new CrailLocalCommand();
        command.storageMb = 64;
        StringWriter printed = new StringWriter();
        try (CrailLocalCluster cluster = command.start(new PrintWriter(printed, true))) {
            String out = printed.toString();
            assertTrue(out.contains("namenode   " + cluster.uri()), out);
            assertTrue(out.contains("export CRAIL_HOME=" + cluster.home()), out);
            try (CrailStorage storage = CrailStorage.open(cluster.uri())) {
                storage.mkdirs(cluster.uri() + "/tables");
                assertTrue(storage.isDirectory(cluster.uri() + "/tables"));
            }
        }
    }
}
