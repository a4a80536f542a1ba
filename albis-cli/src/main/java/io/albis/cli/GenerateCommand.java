package io.albis.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code albis generate}: a container for the data generators. */
@Command(name = "generate", header = "Generate benchmark data as an Albis table.",
        subcommands = {GenerateTpcdsCommand.class})
final class GenerateCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing generator: the one available is tpcds");
    }
}
