package io.albis.testing;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The package graph of a module's main code, read from its compiled classes (each module's test
 * runs in the module's directory, so {@code target/classes} is that module's main code alone,
 * without its dependencies).
 */
public final class PackageGraph {
    private PackageGraph() {}

    /** The classes of this module's main code. */
    public static JavaClasses mainClasses() {
        Path dir = Path.of("target", "classes");
        if (!Files.isDirectory(dir)) {
            throw new AssertionError("no compiled main classes at " + dir.toAbsolutePath());
        }
        JavaClasses classes = new ClassFileImporter().importPath(dir);
        if (classes.isEmpty()) {
            throw new AssertionError("no classes under " + dir.toAbsolutePath());
        }
        return classes;
    }

    /** Fails, naming each cycle, when packages of this module's main code depend on each other in a cycle. */
    public static void assertNoPackageCycles() {
        slices().matching("io.albis.(**)").should().beFreeOfCycles().check(mainClasses());
    }
}
