package io.albis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ErrorHandlingTest {
    @TempDir
    Path dir;

    /** The error is exactly one line "albis: ..." on stderr, nothing on stdout. */
    private static void assertOneLine(Cli.Run run, int exit, String... fragments) {
        assertEquals(exit, run.exit(), run.toString());
        assertEquals("", run.out(), run.toString());
        String err = run.err();
        assertTrue(err.startsWith("albis: "), err);
        assertTrue(err.endsWith("\n") && err.indexOf('\n') == err.length() - 1, "one line: " + err);
        for (String f : fragments) {
            assertTrue(err.contains(f), "'" + f + "' in " + err);
        }
    }

    private String table() throws Exception {
        String t = dir.resolve("t").toString();
        if (!Files.exists(Path.of(t))) {
            AllTypesTable.write(t, AllTypesTable.rows().subList(0, 5));
        }
        return t;
    }

    @Test
    void missingTable() {
        String missing = dir.resolve("nope").toString();
        for (String cmd : new String[] {"schema", "inspect", "cat", "scan", "verify"}) {
            assertOneLine(Cli.run(cmd, missing), 1, missing, "no such table directory");
        }
    }

    @Test
    void directoryThatIsNotATable() throws Exception {
        Files.createDirectories(dir.resolve("empty"));
        assertOneLine(Cli.run("cat", dir.resolve("empty").toString()), 1, "not an Albis table");
    }

    @Test
    void badWhereIsAUsageError() throws Exception {
        assertOneLine(Cli.run("cat", table(), "--where", "i32 > "), 2, "--where", "at position 7", "expected a value");
        assertOneLine(Cli.run("scan", table(), "--where", "(a = 1"), 2, "expected ')'");
    }

    @Test
    void unknownColumnIsReported() throws Exception {
        assertOneLine(Cli.run("cat", table(), "--where", "nope = 1"), 1, "no column named 'nope'");
        assertOneLine(Cli.run("cat", table(), "--columns", "i32,zzz"), 1, "no column named 'zzz'");
        assertOneLine(Cli.run("cat", table(), "--where", "i32 = 'abc'"), 1, "cannot compare");
    }

    @Test
    void badOptionsAreUsageErrors() throws Exception {
        String t = table();
        assertOneLine(Cli.run("cat", t, "--bogus"), 2, "Unknown option: '--bogus'");
        assertOneLine(Cli.run("cat", t, "--format", "xml"), 2, "--format");
        assertOneLine(Cli.run("cat", t, "--limit", "-1"), 2, "--limit");
        assertOneLine(Cli.run("scan", t, "--threads", "0"), 2, "--threads");
        assertOneLine(Cli.run("scan", t, "--repeat", "0"), 2, "--repeat");
        assertOneLine(Cli.run("scan", t, "--repeat", "x"), 2, "--repeat");
        assertOneLine(Cli.run("frobnicate"), 2, "frobnicate");
        assertOneLine(Cli.run(), 2, "missing command");
        assertOneLine(Cli.run("cat"), 2, "TABLE");
        String out = dir.resolve("g").toString();
        assertOneLine(Cli.run("generate", "tpcds", "--segment-size", "12q", out), 2, "'12q' is not a size");
        assertOneLine(Cli.run("generate", "tpcds", "--segment-size", "8", out), 2, "--segment-size: segment size must be");
        assertOneLine(Cli.run("generate", "tpcds", "--segment-size", "5000", out), 2, "use 4096 or 8192");
        assertOneLine(Cli.run("generate", "tpcds", "--column-groups", "a=", out), 2, "bad column groups");
        assertOneLine(Cli.run("generate", "tpcds", "--scale", "abc", out), 2, "--scale");
    }

    @Test
    void generatorInputErrors() throws Exception {
        String out = dir.resolve("g").toString();
        assertOneLine(Cli.run("generate", "tpcds", "--table", "nosuch", out), 1, "no TPC-DS table named 'nosuch'", "store_sales");
        assertOneLine(Cli.run("generate", "tpcds", "--scale", "1.5", out), 1, "not whole");
        assertOneLine(Cli.run("generate", "tpcds", "--scale", "0", out), 1, "above 0");
        String existing = table();
        assertOneLine(Cli.run("generate", "tpcds", "--table", "reason", existing), 1, "already exists");
        assertOneLine(Cli.run("generate", "tpcds", "--table", "reason", "--column-groups", "g=nosuch", out), 1,
                "unknown column 'nosuch'");
        assertTrue(!Files.exists(dir.resolve("g")), "nothing left behind");
        try (var s = Files.list(dir)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().contains("incomplete")), "no temporary directory left");
        }
    }

    @Test
    void unsupportedStorageScheme() {
        assertOneLine(Cli.run("schema", "nosuch://namenode/t"), 1, "'nosuch://'", "not supported", "local paths",
                "hdfs://");
        // A known scheme whose host does not resolve: one line naming the host, no stack trace.
        assertOneLine(Cli.run("schema", "hdfs://no-such-namenode.invalid/t"), 1, "no-such-namenode.invalid");
    }

    @Test
    void verboseAddsTheStackTrace() {
        String missing = dir.resolve("nope").toString();
        Cli.Run run = Cli.run("--verbose", "schema", missing);
        assertEquals(1, run.exit());
        assertTrue(run.err().startsWith("albis: "), run.err());
        assertTrue(run.err().contains("\tat io.albis."), run.err());
        Cli.Run after = Cli.run("schema", missing, "--verbose");
        assertTrue(after.err().contains("\tat io.albis."), "--verbose after the subcommand works too: " + after.err());
    }

    @Test
    void helpAndVersionSucceed() {
        Cli.Run help = Cli.run("--help");
        assertEquals(0, help.exit());
        for (String cmd : new String[] {"generate", "schema", "inspect", "cat", "scan", "verify", "convert"}) {
            assertTrue(help.out().contains(cmd), help.out());
        }
        assertEquals(0, Cli.run("scan", "--help").exit());
        assertEquals(0, Cli.run("--version").exit());
    }

    /**
     * Every command's help renders without a warning: picocli formats descriptions, so a bare
     * percent sign ("within 5% of") made it print a formatting warning three times to standard
     * error before the help.
     */
    @Test
    void everyHelpRendersWithoutAFormattingWarning() {
        java.io.PrintStream saved = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        try {
            System.setErr(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
            for (String cmd : AlbisCli.newCommandLine().getSubcommands().keySet()) {
                Cli.Run help = Cli.run(cmd, "--help");
                assertEquals(0, help.exit(), cmd + ": " + help.err());
            }
        } finally {
            System.setErr(saved);
        }
        String warnings = captured.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertFalse(warnings.contains("WARN"), warnings);
        assertTrue(Cli.run("scan", "--help").out().replaceAll("\\s+", " ").contains("within 5% of each other"));
    }

    @Test
    void deeplyNestedWhereIsOneLineNotAStackOverflow() throws Exception {
        String parens = "(".repeat(3000) + "i32 = 1" + ")".repeat(3000);
        assertOneLine(Cli.run("cat", table(), "--where", parens), 2, "--where", "nest deeper than 200 levels");
        assertOneLine(Cli.run("scan", table(), "--where", "NOT ".repeat(3000) + "i32 = 1"), 2, "nest deeper than");
    }

    @Test
    void errorsOfTheJvmAreOneLineToo() {
        for (Error error : new Error[] {new OutOfMemoryError("Java heap space"), new StackOverflowError(),
                new NoClassDefFoundError("org/example/Missing")}) {
            picocli.CommandLine cli = AlbisCli.newCommandLine();
            cli.addSubcommand("boom", new picocli.CommandLine(new Failing(error)));
            java.io.StringWriter out = new java.io.StringWriter();
            java.io.StringWriter err = new java.io.StringWriter();
            cli.setOut(new java.io.PrintWriter(out, true));
            cli.setErr(new java.io.PrintWriter(err, true));
            int exit = cli.execute("boom");
            assertOneLine(new Cli.Run(exit, out.toString(), err.toString()), 1,
                    error instanceof OutOfMemoryError ? "out of memory" : error instanceof StackOverflowError
                            ? "stack overflowed" : "internal error NoClassDefFoundError: org/example/Missing");
        }
    }

    @picocli.CommandLine.Command(name = "boom")
    static final class Failing implements Runnable {
        private final Error error;

        Failing(Error error) {
            this.error = error;
        }

        @Override
        public void run() {
            throw error;
        }
    }
}
