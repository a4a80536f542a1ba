package io.albis.bench;

import io.albis.testing.PackageGraph;
import org.junit.jupiter.api.Test;

/** The packages of this module's main code depend on each other one way: no cycle. */
class PackageCyclesTest {
    @Test
    void mainPackagesFormNoCycle() {
        PackageGraph.assertNoPackageCycles();
    }
}
