package io.albis.cli;

import io.albis.error.CorruptFileException;
import io.albis.error.UnsupportedFormatVersionException;
import io.albis.table.TableVerifier;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;

/** {@code albis verify TABLE}: every checksum and invariant; exit 0 when sound, 1 otherwise. */
@Command(name = "verify", header = "Check every checksum and invariant of a table.",
        description = "Reads every file: checksums of files and segments, the tiling of segments, row sizes, nulls and"
                + " statistics. Prints each problem found; exit status 0 when the table is sound, 1 otherwise.")
final class VerifyCommand extends TableCommand {
    @Override
    public Integer call() throws Exception {
        TableVerifier.Report report;
        try {
            report = TableVerifier.check(table.open());
        } catch (CorruptFileException | UnsupportedFormatVersionException e) {
            // A damaged schema or table state: nothing more can be read, but it is a finding to report.
            report = new TableVerifier.Report(List.of(e.getMessage()), 0, 0, 0);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (report.ok()) {
            out.printf("OK: %s, %s, %s verified%n", Plural.of(report.rowGroups(), "row group"),
                    Plural.of(report.rows(), "row"), Plural.of(report.segments(), "segment"));
            out.flush();
            return 0;
        }
        for (String problem : report.problems()) {
            out.println(problem);
        }
        out.printf("FAILED: %s in %s%n", Plural.of(report.problems().size(), "problem"), table.path());
        out.flush();
        return AlbisCli.EXIT_ERROR;
    }
}
