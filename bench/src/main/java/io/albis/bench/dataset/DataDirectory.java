package io.albis.bench.dataset;

import java.nio.file.Path;

/**
 * Names of written copies of a dataset: {@code <dataFormat>-<codec>} or
 * {@code <dataFormat>-<codec>-<variant>}. A variant describes a layout choice of the data format
 * (for Albis: column groups and segment size) and reaches the format's writer through the name of
 * the directory it writes into.
 */
public final class DataDirectory {
    private DataDirectory() {}

    public static String name(String dataFormat, String codec, String variant) {
        check(dataFormat, "data format", false);
        check(codec, "codec", true);
        return variant.isEmpty() ? dataFormat + "-" + codec : dataFormat + "-" + codec + "-" + variant;
    }

    /** The variant in the name of {@code dir}, which must be a copy of {@code dataFormat} with {@code codec}. */
    public static String variantOf(Path dir, String dataFormat, String codec) {
        String name = dir.getFileName().toString();
        String prefix = dataFormat + "-" + codec;
        if (name.equals(prefix)) {
            return "";
        }
        if (name.startsWith(prefix + "-") && name.length() > prefix.length() + 1) {
            return name.substring(prefix.length() + 1);
        }
        throw new IllegalArgumentException("directory " + dir + " is not named " + prefix + " or " + prefix
                + "-<variant>, so its layout is unknown");
    }

    /** The variant in the name of {@code dir}, a copy of {@code dataFormat} with any codec. */
    public static String variantOf(Path dir, String dataFormat) {
        String name = dir.getFileName().toString();
        String prefix = dataFormat + "-";
        int dash = name.indexOf('-', prefix.length());
        if (!name.startsWith(prefix) || name.length() == prefix.length() || dash == prefix.length()) {
            throw new IllegalArgumentException("directory " + dir + " is not named " + prefix + "<codec> or " + prefix
                    + "<codec>-<variant>, so its layout is unknown");
        }
        return dash < 0 ? "" : variantOf(dir, dataFormat, name.substring(prefix.length(), dash));
    }

    private static void check(String part, String what, boolean noDash) {
        if (part.isEmpty() || part.contains("/") || (noDash && part.contains("-"))) {
            throw new IllegalArgumentException(what + " '" + part + "' must be non-empty without '/'"
                    + (noDash ? " or '-'" : ""));
        }
    }
}
