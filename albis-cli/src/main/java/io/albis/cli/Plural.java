package io.albis.cli;

/** "1 row group", "2 row groups". */
final class Plural {
    private Plural() {}

    static String of(long n, String noun) {
        return String.format("%,d %s%s", n, noun, n == 1 ? "" : "s");
    }
}
