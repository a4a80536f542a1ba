package io.albis.storage;

import io.albis.error.InvalidOptionException;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Maps a path to the {@link Storage} that serves it: plain paths and file:// to
 * {@link LocalStorage}; any other scheme to the first {@link StorageProvider} on the class path
 * that supports it. One storage per scheme and authority is kept, since backends such as HDFS
 * hold a connection.
 */
public final class Storages {
    /** A URI scheme: letters, digits, '+', '-', '.' before "://" (so a plain path like a:b is not mistaken). */
    private static final Pattern SCHEME = Pattern.compile("^([A-Za-z][A-Za-z0-9+.-]*)://");

    private static final Map<String, Storage> OPEN = new ConcurrentHashMap<>();

    private Storages() {}

    /** The storage for {@code path}; an {@link InvalidOptionException} names the scheme if no backend serves it. */
    public static Storage forPath(String path) throws IOException {
        if (path == null || path.isEmpty()) {
            throw new InvalidOptionException("empty path");
        }
        String scheme = schemeOf(path);
        if (scheme == null || scheme.equals("file")) {
            return LocalStorage.INSTANCE;
        }
        URI uri;
        try {
            uri = new URI(path);
        } catch (URISyntaxException e) {
            throw new InvalidOptionException("not a valid URI: " + path + " (" + e.getReason() + ")");
        }
        String key = scheme + "://" + (uri.getRawAuthority() == null ? "" : uri.getRawAuthority());
        Storage known = OPEN.get(key);
        if (known != null) {
            return known;
        }
        Storage opened = open(scheme, uri, path);
        Storage raced = OPEN.putIfAbsent(key, opened);
        if (raced == null) {
            return opened;
        }
        if (opened instanceof java.io.Closeable c) {
            c.close(); // another thread opened the same storage first
        }
        return raced;
    }

    /** The lower-case scheme of {@code path}, or null for a plain local path. */
    public static String schemeOf(String path) {
        Matcher m = SCHEME.matcher(path);
        return m.find() ? m.group(1).toLowerCase(Locale.ROOT) : null;
    }

    /** What this build can read and write, for help texts and errors. */
    public static String supported() {
        List<String> parts = new ArrayList<>();
        parts.add("local paths and file://");
        for (StorageProvider p : ServiceLoader.load(StorageProvider.class)) {
            parts.add(p.describe());
        }
        return String.join(", ", parts);
    }

    private static Storage open(String scheme, URI uri, String path) throws IOException {
        for (StorageProvider p : ServiceLoader.load(StorageProvider.class)) {
            if (p.supports(scheme)) {
                return p.open(uri);
            }
        }
        throw new InvalidOptionException("storage scheme '" + scheme + "://' of " + path
                + " is not supported; this build supports " + supported()
                + " (put albis-hdfs or albis-crail on the class path for hdfs:// or crail://)");
    }
}
