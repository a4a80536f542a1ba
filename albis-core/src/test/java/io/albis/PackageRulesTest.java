package io.albis;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import io.albis.testing.PackageGraph;
import org.junit.jupiter.api.Test;

/**
 * The format library's package rules: its packages depend on each other one way, and the
 * measurement protocol ({@code io.albis.scan}: goodput checksums, logical bytes, the raw read,
 * the checksum scan) sits on top of the format, never inside it.
 */
class PackageRulesTest {
    @Test
    void mainPackagesFormNoCycle() {
        PackageGraph.assertNoPackageCycles();
    }

    @Test
    void noFormatPackageUsesTheMeasurementProtocol() {
        noClasses().that().resideOutsideOfPackage("io.albis.scan..")
                .should().dependOnClassesThat().resideInAPackage("io.albis.scan..")
                .check(PackageGraph.mainClasses());
    }
}
