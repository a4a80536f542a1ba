package io.albis.cli;

import io.albis.storage.Storages;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.error.InvalidOptionException;
import io.albis.schema.ColumnGroupSpec;
import io.albis.storage.LocalStorage;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class OptionParsingTest {

    @Test
    void sizes() {
        assertEquals(4096L, SizeConverter.parse("4096"));
        assertEquals(4096L, SizeConverter.parse("4096b"));
        assertEquals(64L << 10, SizeConverter.parse("64k"));
        assertEquals(64L << 10, SizeConverter.parse("64KB"));
        assertEquals(64L << 10, SizeConverter.parse("64KiB"));
        assertEquals(1L << 20, SizeConverter.parse("1m"));
        assertEquals(16L << 20, SizeConverter.parse("16MiB"));
        assertEquals(2L << 30, SizeConverter.parse("2g"));
        assertEquals(3L << 40, SizeConverter.parse("3T"));
        assertEquals(1L << 20, SizeConverter.parse(" 1 m "));
        for (String bad : new String[] {"", "k", "1.5m", "-1", "1x", "1mm", "99999999999999999999", "9000000000000000g"}) {
            assertThrows(TypeConversionException.class, () -> SizeConverter.parse(bad), bad);
        }
    }

    @Test
    void columnGroupSpecs() {
        ColumnGroupsConverter converter = new ColumnGroupsConverter();
        assertSame(ColumnGroupSpec.SINGLE, converter.convert("single"));
        assertSame(ColumnGroupSpec.COLUMN, converter.convert("COLUMN"));
        assertEquals(Map.of("keys", List.of("a", "b"), "money", List.of("c")), converter.convert("keys = a, b ; money=c;").groups());
        // the syntax itself is core's (ColumnGroupSpecTest); here a bad one is a usage error
        for (String bad : new String[] {"", "a", "=a", "a=", "a=b,,c", "a=b;a=c", "rest=a", ";"}) {
            TypeConversionException e = assertThrows(TypeConversionException.class, () -> converter.convert(bad), bad);
            assertTrue(e.getMessage().startsWith("bad column groups '" + bad + "'"), e.getMessage());
        }
    }

    @Test
    void storages() throws Exception {
        assertSame(LocalStorage.INSTANCE, Storages.forPath("/tmp/t"));
        assertSame(LocalStorage.INSTANCE, Storages.forPath("relative/t"));
        assertSame(LocalStorage.INSTANCE, Storages.forPath("file:///tmp/t"));
        assertSame(LocalStorage.INSTANCE, Storages.forPath("odd:name"));
        InvalidOptionException e = assertThrows(InvalidOptionException.class, () -> Storages.forPath("nosuch://host/t"));
        assertTrue(e.getMessage().contains("'nosuch://'") && e.getMessage().contains("local paths"), e.getMessage());
        for (String backend : new String[] {"hdfs://", "crail://"}) {
            assertTrue(Storages.supported().contains(backend), backend + " in " + Storages.supported());
        }
    }
}
