package io.albis.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * A command over one existing table: its TABLE parameter, and the command's spec (where it prints,
 * and how it reports a usage error). Picocli reads these fields from the subclass's instance.
 */
abstract class TableCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    TableArgument table;
}
