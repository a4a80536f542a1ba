package io.albis.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * The committed seed inputs of one fuzz target: the files named {@code seed-*} in its Jazzer inputs
 * directory, {@code <resources>/<package>/<Class>Inputs/<method>/}, which {@code mvn verify}
 * replays and fuzzing starts from. Other files there (findings kept as regression inputs) are
 * left alone.
 */
public final class SeedCorpus {
    private static final String PREFIX = "seed-";
    private final Path dir;

    private SeedCorpus(Path dir) {
        this.dir = dir;
    }

    /** The seeds of {@code target}'s one {@code @FuzzTest} method under {@code resources}, emptied. */
    public static SeedCorpus replace(Path resources, Class<?> target) throws IOException {
        List<Method> fuzzTests = Arrays.stream(target.getDeclaredMethods())
                .filter(m -> m.isAnnotationPresent(FuzzTest.class)).toList();
        if (fuzzTests.size() != 1) {
            throw new IllegalArgumentException(target + " has " + fuzzTests.size() + " @FuzzTest methods, not one");
        }
        Path dir = resources.resolve(target.getPackageName().replace('.', '/'))
                .resolve(target.getSimpleName() + "Inputs").resolve(fuzzTests.get(0).getName());
        Files.createDirectories(dir);
        try (Stream<Path> old = Files.list(dir)) {
            for (Path p : old.filter(p -> p.getFileName().toString().startsWith(PREFIX)).toList()) {
                Files.delete(p);
            }
        }
        return new SeedCorpus(dir);
    }

    /** Writes seed {@code name}: the option bytes, then the file. */
    public void add(String name, byte[] options, byte[] file) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(options);
        out.write(file);
        Files.write(dir.resolve(PREFIX + name), out.toByteArray());
    }

    /** Writes seed {@code name}: the file alone. */
    public void add(String name, byte[] file) throws IOException {
        add(name, new byte[0], file);
    }

    /** Option bytes, from ints 0..255. */
    public static byte[] options(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return b;
    }
}
