package io.albis.cli;

import io.albis.error.InvalidOptionException;
import io.albis.storage.LocalStorage;
import io.albis.storage.Storage;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one place where a path given on the command line is mapped to a {@link Storage}. Only the
 * local file system is wired today; further schemes (hdfs://, crail://) plug in here.
 */
public final class Storages {
    /** A URI scheme: letters, digits, '+', '-', '.' before "://" (so a plain path like a:b is not mistaken). */
    private static final Pattern SCHEME = Pattern.compile("^([A-Za-z][A-Za-z0-9+.-]*)://");

    public static final String SUPPORTED = "local paths and file://";

    private Storages() {}

    public static Storage forPath(String path) {
        if (path == null || path.isEmpty()) {
            throw new InvalidOptionException("empty path");
        }
        Matcher m = SCHEME.matcher(path);
        if (!m.find()) {
            return LocalStorage.INSTANCE;
        }
        String scheme = m.group(1).toLowerCase(Locale.ROOT);
        if (scheme.equals("file")) {
            return LocalStorage.INSTANCE;
        }
        throw new InvalidOptionException("storage scheme '" + scheme + "://' of " + path + " is not supported; this build"
                + " supports " + SUPPORTED);
    }
}
