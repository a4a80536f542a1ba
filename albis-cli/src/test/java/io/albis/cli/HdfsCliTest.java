package io.albis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.albis.hdfs.testcluster.LocalHdfsCluster;
import io.albis.storage.LocalStorage;
import io.albis.storage.StorageCopy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The commands on hdfs:// tables against an in-process HDFS, and {@code scan --storage} on every backend. */
class HdfsCliTest {
    @TempDir
    static Path dir;

    static String local;
    static String remote;
    static LocalHdfsCluster hdfs;

    @BeforeAll
    static void tableOnHdfs() throws Exception {
        local = AllTypesTable.write(dir, "types");
        hdfs = LocalHdfsCluster.start(1 << 20);
        remote = hdfs.uri() + "/tables/types";
        StorageCopy.copy(LocalStorage.INSTANCE, local, hdfs.storage(), remote);
    }

    @AfterAll
    static void stop() throws Exception {
        if (hdfs != null) {
            hdfs.close();
        }
    }

    @Test
    void catVerifyAndScanReadAnHdfsUriLikeALocalPath() {
        Cli.Run localCat = Cli.run("cat", local, "--where", "i32 > 0", "--columns", "i32,s,wide");
        Cli.Run remoteCat = Cli.run("cat", remote, "--where", "i32 > 0", "--columns", "i32,s,wide");
        assertEquals(0, remoteCat.exit(), remoteCat.toString());
        assertEquals(localCat.out(), remoteCat.out());

        Cli.Run verify = Cli.run("verify", remote);
        assertEquals(0, verify.exit(), verify.toString());
        assertTrue(verify.out().startsWith("OK: "), verify.out());

        Cli.Run schema = Cli.run("schema", remote);
        assertEquals(0, schema.exit(), schema.toString());
        assertEquals(Cli.run("schema", local).out().replace(local, remote), schema.out());
    }

    @Test
    void convertWritesATableStraightToHdfsAndBack() throws Exception {
        String parquet = dir.resolve("types.parquet").toString();
        assertEquals(0, Cli.run("convert", local, parquet).exit());
        String onHdfs = hdfs.uri() + "/tables/from-parquet";
        Cli.Run convert = Cli.run("convert", parquet, onHdfs);
        assertEquals(0, convert.exit(), convert.toString());
        String onDisk = dir.resolve("from-parquet").toString();
        assertEquals(0, Cli.run("convert", parquet, onDisk).exit());
        Cli.Run back = Cli.run("cat", onHdfs, "--format", "csv");
        assertEquals(0, back.exit(), back.toString());
        assertTrue(back.out().lines().count() > 1, back.out());
        assertEquals(Cli.run("cat", onDisk, "--format", "csv").out(), back.out());
        assertEquals(0, Cli.run("verify", onHdfs).exit());
    }

    @Test
    void convertReadsAndWritesParquetAndOrcOnHdfs() throws Exception {
        Path csv = dir.resolve("small.csv");
        Files.writeString(csv, "id,name,price,day\n1,a,2.50,2024-02-29\n2,,3.75,\n3,\"c, d\",,1969-12-31\n");
        String table = hdfs.uri() + "/tables/from-csv";
        assertEquals(0, Cli.run("convert", csv.toString(), table).exit());
        String expected = Cli.run("cat", table, "--format", "csv").out();
        assertTrue(expected.contains("\"c, d\""), expected);
        for (String ext : new String[] {"parquet", "orc"}) {
            String file = hdfs.uri() + "/files/small." + ext;
            Cli.Run out = Cli.run("convert", table, file);
            assertEquals(0, out.exit(), out.toString());
            assertTrue(out.out().contains("(albis) -> " + file + " (" + ext + ")"), out.out());
            String back = hdfs.uri() + "/tables/csv-via-" + ext;
            Cli.Run in = Cli.run("convert", file, back);
            assertEquals(0, in.exit(), in.toString());
            assertTrue(in.out().contains("(" + ext + ") -> " + back + " (albis): 3 rows"), in.out());
            assertEquals(expected, Cli.run("cat", back, "--format", "csv").out(), ext);
        }
    }

    @Test
    void scanMeasuresEachStorageInOneRunWithTheSameChecksum() throws Exception {
        Cli.Run run = Cli.run("scan", local, "--storage", "path,hdfs-local", "--json");
        assertEquals(0, run.exit(), run.toString());
        List<String> lines = run.out().strip().lines().toList();
        assertEquals(2, lines.size(), run.out());
        JsonNode onPath = new ObjectMapper().readTree(lines.get(0));
        JsonNode onHdfs = new ObjectMapper().readTree(lines.get(1));
        assertEquals("path", onPath.get("storage").textValue());
        assertEquals("hdfs-local", onHdfs.get("storage").textValue());
        assertTrue(onHdfs.get("table").textValue().startsWith("hdfs://"), onHdfs.toString());
        assertEquals(onPath.get("checksum"), onHdfs.get("checksum"));
        assertEquals(onPath.get("rows"), onHdfs.get("rows"));
        assertEquals(onPath.get("file_bytes"), onHdfs.get("file_bytes"));
        assertTrue(onHdfs.get("raw_gbps").doubleValue() > 0, onHdfs.toString());
    }

    @Test
    void scanMeasuresLocalHdfsAndCrailInOneRun() throws Exception {
        Cli.Run run = Cli.run("scan", local, "--storage", "path,hdfs-local,crail-local", "--json");
        assertEquals(0, run.exit(), run.toString());
        List<String> lines = run.out().strip().lines().toList();
        assertEquals(3, lines.size(), run.out());
        JsonNode onPath = new ObjectMapper().readTree(lines.get(0));
        JsonNode onCrail = new ObjectMapper().readTree(lines.get(2));
        assertEquals("crail-local", onCrail.get("storage").textValue());
        assertTrue(onCrail.get("table").textValue().startsWith("crail://"), onCrail.toString());
        assertEquals(onPath.get("checksum"), onCrail.get("checksum"));
        assertEquals(onPath.get("rows"), onCrail.get("rows"));
        assertEquals(onPath.get("file_bytes"), onCrail.get("file_bytes"));
    }

    @Test
    void anUnknownSchemeOrStorageIsAClearError() {
        Cli.Run scheme = Cli.run("scan", "nosuch://host/t");
        assertEquals(1, scheme.exit(), scheme.toString());
        assertTrue(scheme.err().contains("'nosuch://'"), scheme.err());
        Cli.Run storage = Cli.run("scan", local, "--storage", "floppy");
        assertEquals(1, storage.exit(), storage.toString());
        assertTrue(storage.err().contains("floppy"), storage.err());
    }
}
