package io.albis.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;

/**
 * The {@code albis} command. Exit codes: 0 success, 1 a runtime error (or a failed verify), 2 a
 * usage error. Errors print one line {@code albis: <message>} on stderr; {@code --verbose} adds
 * the stack trace.
 */
@Command(name = "albis", mixinStandardHelpOptions = true, scope = ScopeType.INHERIT, versionProvider = AlbisCli.Version.class,
        header = "Albis tables: generate, look inside, read, scan for goodput, verify, convert, append and evolve.",
        subcommands = {
            GenerateCommand.class,
            SchemaCommand.class,
            InspectCommand.class,
            CatCommand.class,
            ScanCommand.class,
            VerifyCommand.class,
            RepairCommand.class,
            ConvertCommand.class,
            AppendCommand.class,
            AddColumnsCommand.class,
            DropColumnCommand.class,
            RenameColumnCommand.class,
            RegroupCommand.class,
            RebalanceCommand.class,
            HistoryCommand.class,
            CommandLine.HelpCommand.class
        })
public final class AlbisCli implements Runnable {
    public static final int EXIT_ERROR = 1;
    public static final int EXIT_USAGE = 2;

    @Option(names = "--verbose", scope = ScopeType.INHERIT, description = "Print stack traces with errors.")
    boolean verbose;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command: one of generate, schema, inspect, cat, scan, verify, repair, convert, append, add-columns, drop-column, rename-column, regroup, rebalance, history");
    }

    public static void main(String[] args) {
        CommandLine cli = newCommandLine();
        cli.setOut(new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true));
        cli.setErr(new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true));
        System.exit(cli.execute(args));
    }

    /** The command line with the error handling every entry point (main, tests) shares. */
    public static CommandLine newCommandLine() {
        CommandLine cli = new CommandLine(new AlbisCli());
        cli.setExecutionStrategy(AlbisCli::runCatchingErrors);
        cli.setExecutionExceptionHandler(AlbisCli::onError);
        cli.setParameterExceptionHandler(AlbisCli::onUsageError);
        return cli;
    }

    /**
     * Runs the command; an {@link Error} (out of memory, a stack overflow) becomes one line like
     * any other failure instead of a raw trace: picocli hands only exceptions to the handler.
     */
    private static int runCatchingErrors(ParseResult parsed) {
        try {
            return new CommandLine.RunLast().execute(parsed);
        } catch (Error e) {
            CommandLine cmd = parsed.subcommand() == null ? parsed.commandSpec().commandLine()
                    : lastSubcommand(parsed).commandSpec().commandLine();
            return onError(new RuntimeException(e), cmd, parsed);
        }
    }

    private static ParseResult lastSubcommand(ParseResult parsed) {
        ParseResult p = parsed;
        while (p.subcommand() != null) {
            p = p.subcommand();
        }
        return p;
    }

    private static int onError(Exception e, CommandLine cmd, ParseResult parsed) {
        PrintWriter err = cmd.getErr();
        err.println("albis: " + Messages.of(e));
        if (isVerbose(parsed)) {
            e.printStackTrace(err);
        }
        err.flush();
        return EXIT_ERROR;
    }

    private static int onUsageError(CommandLine.ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        PrintWriter err = cmd.getErr();
        err.println("albis: " + e.getMessage() + " (see '" + cmd.getCommandSpec().qualifiedName() + " --help')");
        if (isVerbose(cmd.getParseResult())) {
            e.printStackTrace(err);
        }
        err.flush();
        return EXIT_USAGE;
    }

    private static boolean isVerbose(ParseResult parsed) {
        for (ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (p.hasMatchedOption("--verbose")) {
                return true;
            }
        }
        return false;
    }

    /** The version from the jar manifest when packaged. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = AlbisCli.class.getPackage().getImplementationVersion();
            return new String[] {"albis " + (v == null ? "(development build)" : v)};
        }
    }
}
