package io.albis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.table.AlbisTable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The convert command's dispatch and options; the converters themselves are tested in io.albis.convert. */
class ConvertCommandTest {
    @TempDir
    Path dir;

    private Path csv() throws Exception {
        Path f = dir.resolve("people.csv");
        Files.writeString(f, "id,name,score,born\n1,Ann,1.5,2001-02-03\n2,\"B, \"\"Bob\"\"\",,1999-12-31\n3,Çé,-2.25,\n",
                StandardCharsets.UTF_8);
        return f;
    }

    private static void ok(Cli.Run run) {
        assertEquals(0, run.exit(), run.toString());
        assertEquals("", run.err(), run.toString());
    }

    @Test
    void csvToAlbisToParquetToAlbisKeepsEveryValue() throws Exception {
        String a = dir.resolve("a").toString();
        Cli.Run first = Cli.run("convert", csv().toString(), a);
        ok(first);
        assertTrue(first.out().contains("(csv) -> " + a + " (albis): 3 rows, 4 columns"), first.out());
        String expected = Cli.run("cat", a).out();
        assertTrue(expected.contains("\"name\":\"B, \\\"Bob\\\"\""), expected);

        String parquet = dir.resolve("a.parquet").toString();
        ok(Cli.run("convert", a, parquet));
        assertTrue(Files.isRegularFile(Path.of(parquet)));

        String b = dir.resolve("b").toString();
        ok(Cli.run("convert", parquet, b, "--column-groups", "column", "--segment-size", "64k", "--row-group-rows", "2"));
        AlbisTable t = AlbisTable.open(b);
        assertEquals(4, t.schema().groups().size(), "one group per column");
        assertEquals(2, t.rowGroups().size(), "3 rows at 2 per row group");
        assertEquals(expected, Cli.run("cat", b).out());

        Path parquetDir = Files.createDirectories(dir.resolve("pq"));
        Files.copy(Path.of(parquet), parquetDir.resolve("part-0.parquet"));
        Files.copy(Path.of(parquet), parquetDir.resolve("part-1"));
        Files.writeString(parquetDir.resolve("_SUCCESS"), "");
        String c = dir.resolve("c").toString();
        ok(Cli.run("convert", parquetDir.toString(), c, "--column-groups", "ids=id;rest_of=name,score"));
        assertEquals(6, AlbisTable.open(c).rowCount(), "both files of the directory");
        assertEquals("ids,rest_of,rest", String.join(",", AlbisTable.open(c).schema().groups().stream().map(g -> g.name())
                .toList()));
    }

    @Test
    void inputsThatCannotBeConverted() throws Exception {
        Path text = dir.resolve("notes.txt");
        Files.writeString(text, "hello");
        assertOneLineError(Cli.run("convert", text.toString(), dir.resolve("o").toString()), "neither a Parquet file");
        assertOneLineError(Cli.run("convert", dir.resolve("missing.parquet").toString(), dir.resolve("o").toString()),
                "no such file or directory");
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertOneLineError(Cli.run("convert", empty.toString(), dir.resolve("o").toString()), "neither Parquet nor ORC files");
        String a = dir.resolve("a").toString();
        ok(Cli.run("convert", csv().toString(), a));
        assertOneLineError(Cli.run("convert", a, dir.resolve("o").toString()), "OUT ending in .parquet");
        assertOneLineError(Cli.run("convert", csv().toString(), dir.resolve("x.parquet").toString()),
                "only an Albis table converts to Parquet");
        assertOneLineError(Cli.run("convert", csv().toString(), a), "");
        assertFalse(Files.exists(dir.resolve("o")));
        Cli.Run usage = Cli.run("convert", csv().toString());
        assertEquals(2, usage.exit(), usage.toString());
    }

    @Test
    void albisToOrcToAlbisKeepsEveryValue() throws Exception {
        String a = dir.resolve("a").toString();
        ok(Cli.run("convert", csv().toString(), a));
        String expected = Cli.run("cat", a).out();

        String orc = dir.resolve("a.orc").toString();
        Cli.Run toOrc = Cli.run("convert", a, orc);
        ok(toOrc);
        assertTrue(toOrc.out().contains("(albis) -> " + orc + " (orc): 3 rows, 4 columns"), toOrc.out());

        String b = dir.resolve("b").toString();
        Cli.Run back = Cli.run("convert", orc, b, "--row-group-rows", "2");
        ok(back);
        assertTrue(back.out().contains("(orc) -> " + b + " (albis): 3 rows"), back.out());
        assertEquals(2, AlbisTable.open(b).rowGroups().size());
        assertEquals(expected, Cli.run("cat", b).out());

        // A directory of ORC files, one without the .orc name (found by its magic).
        Path orcDir = Files.createDirectories(dir.resolve("orcs"));
        Files.copy(Path.of(orc), orcDir.resolve("part-0.orc"));
        Files.copy(Path.of(orc), orcDir.resolve("part-1"));
        String c = dir.resolve("c").toString();
        ok(Cli.run("convert", orcDir.toString(), c));
        assertEquals(6, AlbisTable.open(c).rowCount());
        // A single ORC file without the .orc name.
        String d = dir.resolve("d").toString();
        ok(Cli.run("convert", orcDir.resolve("part-1").toString(), d));
        assertEquals(expected, Cli.run("cat", d).out());
    }

    @Test
    void orcOutputOnlyFromAlbis() throws Exception {
        assertOneLineError(Cli.run("convert", csv().toString(), dir.resolve("x.orc").toString()),
                "only an Albis table converts to ORC");
        String a = dir.resolve("a").toString();
        ok(Cli.run("convert", csv().toString(), a));
        String orc = dir.resolve("a.orc").toString();
        ok(Cli.run("convert", a, orc));
        assertOneLineError(Cli.run("convert", a, orc), "exists already");
        assertOneLineError(Cli.run("convert", orc, dir.resolve("y.orc").toString()), "only an Albis table converts to ORC");
        Path list = dir.resolve("list.orc");
        Files.writeString(list, "ORC but nothing more");
        assertOneLineError(Cli.run("convert", list.toString(), dir.resolve("o").toString()), "not a readable ORC file");
        assertFalse(Files.exists(dir.resolve("o")));
    }

    private static void assertOneLineError(Cli.Run run, String fragment) {
        assertEquals(1, run.exit(), run.toString());
        assertTrue(run.err().startsWith("albis: ") && run.err().indexOf('\n') == run.err().length() - 1, run.err());
        assertTrue(run.err().contains(fragment), run.err());
    }

    @Test
    void appendAddsASourcesRowsToATableAndRefusesOtherColumns() throws Exception {
        String t = dir.resolve("t").toString();
        ok(Cli.run("convert", csv().toString(), t, "--column-groups", "column"));
        String parquet = dir.resolve("t.parquet").toString();
        ok(Cli.run("convert", t, parquet));
        String before = Cli.run("cat", t).out();

        Cli.Run append = Cli.run("append", t, parquet);
        ok(append);
        assertTrue(append.out().contains("appended " + parquet + " (parquet) -> " + t + ": 3 rows"), append.out());
        assertEquals(6, AlbisTable.open(t).rowCount());
        assertEquals(4, AlbisTable.open(t).schema().groups().size(), "the table's own column groups");
        assertEquals(before + before, Cli.run("cat", t).out(), "the source's rows after the table's");

        Path other = dir.resolve("other.csv");
        Files.writeString(other, "id,nickname\n1,x\n", StandardCharsets.UTF_8);
        Cli.Run refused = Cli.run("append", t, other.toString());
        assertEquals(AlbisCli.EXIT_ERROR, refused.exit(), refused.toString());
        assertTrue(refused.err().contains("not in the table: nickname"), refused.err());
        assertEquals(6, AlbisTable.open(t).rowCount(), "a refused append adds nothing");

        Cli.Run groups = Cli.run("append", t, parquet, "--column-groups", "column");
        assertEquals(AlbisCli.EXIT_ERROR, groups.exit(), groups.toString());
        assertTrue(groups.err().contains("table's own column groups"), groups.err());
    }
}
