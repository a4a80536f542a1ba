package io.albis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.albis.crail.testcluster.SharedCrailCluster;
import io.albis.hdfs.testcluster.SharedHdfsCluster;
import io.albis.storage.LocalStorage;
import io.albis.storage.StorageCopy;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commands on hdfs:// and crail:// tables of the shared in-process HDFS and Crail cluster: the
 * CLI reaches them through the storages' service files, as it would a cluster of its user's.
 */
@ExtendWith(SharedCrailCluster.class)
class ClusterStorageCliTest {
    @TempDir
    static Path dir;

    static String local;
    static String hdfs;
    static String remote;
    static String onCrail;

    @BeforeAll
    static void tableOnHdfsAndCrail() throws Exception {
        local = AllTypesTable.write(dir, "types");
        hdfs = SharedHdfsCluster.cluster().uri().toString();
        remote = hdfs + "/tables/types";
        StorageCopy.copy(LocalStorage.INSTANCE, local, SharedHdfsCluster.storage(), remote);
        onCrail = SharedCrailCluster.cluster().uri() + "/tables/types";
        StorageCopy.copy(LocalStorage.INSTANCE, local, SharedCrailCluster.storage(), onCrail);
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
        String onHdfs = hdfs + "/tables/from-parquet";
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
        String table = hdfs + "/tables/from-csv";
        assertEquals(0, Cli.run("convert", csv.toString(), table).exit());
        String expected = Cli.run("cat", table, "--format", "csv").out();
        assertTrue(expected.contains("\"c, d\""), expected);
        for (String ext : new String[] {"parquet", "orc"}) {
            String file = hdfs + "/files/small." + ext;
            Cli.Run out = Cli.run("convert", table, file);
            assertEquals(0, out.exit(), out.toString());
            assertTrue(out.out().contains("(albis) -> " + file + " (" + ext + ")"), out.out());
            String back = hdfs + "/tables/csv-via-" + ext;
            Cli.Run in = Cli.run("convert", file, back);
            assertEquals(0, in.exit(), in.toString());
            assertTrue(in.out().contains("(" + ext + ") -> " + back + " (albis): 3 rows"), in.out());
            assertEquals(expected, Cli.run("cat", back, "--format", "csv").out(), ext);
        }
    }

    @Test
    void scanReadsAnHdfsOrCrailTableAsItsLocalCopy() throws Exception {
        JsonNode onDisk = scanJson(local);
        for (String table : new String[] {remote, onCrail}) {
            JsonNode there = scanJson(table);
            assertEquals(table, there.get("table").textValue());
            assertEquals(onDisk.get("checksum"), there.get("checksum"), table);
            assertEquals(onDisk.get("rows"), there.get("rows"), table);
            assertEquals(onDisk.get("file_bytes"), there.get("file_bytes"), table);
            assertTrue(there.get("raw_gbps").doubleValue() > 0, there.toString());
        }
        Cli.Run cat = Cli.run("cat", onCrail, "--where", "i32 > 0", "--columns", "i32,s,wide");
        assertEquals(0, cat.exit(), cat.toString());
        assertEquals(Cli.run("cat", local, "--where", "i32 > 0", "--columns", "i32,s,wide").out(), cat.out());
    }

    private static JsonNode scanJson(String table) throws Exception {
        Cli.Run run = Cli.run("scan", table, "--json");
        assertEquals(0, run.exit(), run.toString());
        return new ObjectMapper().readTree(run.out());
    }

    @Test
    void anUnknownSchemeIsAClearError() {
        Cli.Run scheme = Cli.run("scan", "nosuch://host/t");
        assertEquals(1, scheme.exit(), scheme.toString());
        assertTrue(scheme.err().contains("'nosuch://'"), scheme.err());
    }
}
