package io.albis.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.error.InvalidOptionException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The grammar of partition directories (docs/FORMAT.md §1, "Partition directories"). */
class PartitionPathTest {
    @Test
    void hiveStylePathsAreAcceptedAsOpaqueText() {
        for (String p : new String[] {"", "k=1", "year=2024/month=05", "s=a%2Fb", "k=", "k==", "名前=値", "k=a b",
                "a=1/b=2/c=3", "k=.", "k=_x", "k=a..b"}) {
            assertNull(PartitionPath.problem(p), p);
            assertEquals(p, PartitionPath.require("t", p));
        }
    }

    @Test
    void everyRuleOfTheGrammarRefusesWhatItShould() {
        Map<String, String> bad = Map.ofEntries(
                Map.entry("/k=1", "starts or ends with '/'"),
                Map.entry("k=1/", "starts or ends with '/'"),
                Map.entry("k=1//j=2", "empty component"),
                Map.entry("k=1/./j=2", "the component '.'"),
                Map.entry("k=1/..", "the component '..'"),
                Map.entry("_k=1", "starts with '_'"),
                Map.entry("k=1/.j=2", "starts with '.'"),
                Map.entry("..=1", "starts with '.'"),
                Map.entry("k", "not name=value"),
                Map.entry("=1", "not name=value"),
                Map.entry("k=1/j", "not name=value"),
                Map.entry("k=a\\b", "backslash"),
                Map.entry("k=a\u0000", "U+0000"),
                Map.entry("k=a\nb", "U+000A"),
                Map.entry("k=\ud800", "unpaired surrogate"),
                Map.entry("k=" + "x".repeat(PartitionPath.MAX_BYTES), "longer than"));
        for (Map.Entry<String, String> e : bad.entrySet()) {
            String why = PartitionPath.problem(e.getKey());
            assertTrue(why != null && why.contains(e.getValue()), e.getKey() + ": " + why);
        }
        assertTrue(PartitionPath.problem(null).contains("null"));
    }

    @Test
    void aRefusalIsOneLineNamingTheTableAndTheString() {
        InvalidOptionException e = assertThrows(InvalidOptionException.class,
                () -> PartitionPath.require("/data/t", "k=1/../j=2"));
        assertEquals("/data/t: 'k=1/../j=2' is not a partition directory (name=value components joined by '/'): it"
                + " has the component '..'", e.getMessage());
    }

    @Test
    void onlyNameValueComponentsMayBePartitionDirectories() {
        assertTrue(PartitionPath.isComponent("k=1"));
        for (String n : new String[] {"", "k=1/j=2", "_state.00000001", "_schema.00000001", "_job.0123",
                "rg-0123456789abcdef0123-00000001-00000002-00000003.cg-00000000.data", ".hidden=1", "_tmp.k=1"}) {
            assertFalse(PartitionPath.isComponent(n), n);
        }
    }

    @Test
    void aRowGroupPathJoinsItsPartitionAndName() {
        assertEquals("rg", PartitionPath.relative("", "rg"));
        assertEquals("k=1/j=2/rg", PartitionPath.relative("k=1/j=2", "rg"));
        assertEquals("t", PartitionPath.directory(io.albis.storage.LocalStorage.INSTANCE, "t", ""));
        assertEquals("t/k=1", PartitionPath.directory(io.albis.storage.LocalStorage.INSTANCE, "t", "k=1"));
    }
}
