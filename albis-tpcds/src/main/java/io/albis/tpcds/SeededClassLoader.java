package io.albis.tpcds;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;

/**
 * Loads io.trino.tpcds (and {@link GeneratedRows}, which drives it) anew, with the seed base of
 * its random number streams set to a {@link TpcdsSeed}. The library keeps the base as a
 * compile-time constant in {@code RandomNumberStreamImpl}; its one {@code CONSTANT_Integer} entry
 * in that class's constant pool is rewritten as the class is defined. A loader of its own also
 * gives each generating thread its own copy of the library's static state (some column streams
 * live in enums), so chunks of one table can be generated side by side.
 */
final class SeededClassLoader extends ClassLoader {
    private static final String LIBRARY = "io.trino.tpcds.";
    private static final String STREAMS = LIBRARY + "random.RandomNumberStreamImpl";
    private static final byte CONSTANT_INTEGER = 3;

    private final TpcdsSeed seed;

    SeededClassLoader(TpcdsSeed seed) {
        super("tpcds-seed-" + seed.base(), SeededClassLoader.class.getClassLoader());
        this.seed = seed;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        // GeneratedRows and its nested classes, so that they link against the seeded library.
        if (!name.startsWith(LIBRARY) && !name.startsWith(GeneratedRows.class.getName())) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                byte[] bytes = classBytes(name);
                if (name.equals(STREAMS)) {
                    bytes = withSeedBase(bytes, TpcdsSeed.DSDGEN_DEFAULT.base(), seed.base());
                }
                c = defineClass(name, bytes, 0, bytes.length);
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    private byte[] classBytes(String name) throws ClassNotFoundException {
        String resource = name.replace('.', '/') + ".class";
        try (InputStream in = getParent().getResourceAsStream(resource)) {
            if (in == null) {
                throw new ClassNotFoundException(name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    /**
     * The class file with its one integer constant {@code from} replaced by {@code to}; refuses a
     * class file that holds it not exactly once (another version of the library).
     */
    static byte[] withSeedBase(byte[] classFile, int from, int to) {
        byte[] pattern = ByteBuffer.allocate(5).put(CONSTANT_INTEGER).putInt(from).array();
        int at = -1;
        for (int i = 0; i + pattern.length <= classFile.length; i++) {
            if (matches(classFile, i, pattern)) {
                if (at >= 0) {
                    throw new IllegalStateException(STREAMS + " holds the seed base " + from + " more than once;"
                            + " this version of io.trino.tpcds cannot be given another seed");
                }
                at = i;
            }
        }
        if (at < 0) {
            throw new IllegalStateException(STREAMS + " does not hold the seed base " + from
                    + "; this version of io.trino.tpcds cannot be given another seed");
        }
        byte[] patched = classFile.clone();
        ByteBuffer.wrap(patched, at + 1, 4).putInt(to);
        return patched;
    }

    private static boolean matches(byte[] b, int at, byte[] pattern) {
        for (int j = 0; j < pattern.length; j++) {
            if (b[at + j] != pattern[j]) {
                return false;
            }
        }
        return true;
    }
}
