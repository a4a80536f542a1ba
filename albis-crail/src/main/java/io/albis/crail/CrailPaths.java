package io.albis.crail;

import java.io.IOException;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.crail.conf.CrailConstants;

/**
 * Turns Albis paths (crail://host:port/a/b, or /a/b on the storage's cluster) into the absolute
 * paths Crail's client takes, and checks names against what Crail can store.
 */
final class CrailPaths {
    static final String SCHEME = "crail";
    private static final int RECORD_HEADER_BYTES = 8;

    private CrailPaths() {}

    /** The cluster part of a crail:// URI, e.g. "127.0.0.1:40123", lower-cased. */
    static String authority(java.net.URI uri) throws IOException {
        if (uri.getScheme() == null || !uri.getScheme().equalsIgnoreCase(SCHEME)) {
            throw new IOException(uri + ": not a crail:// URI");
        }
        if (uri.getHost() == null || uri.getPort() < 0) {
            throw new IOException(uri + ": a crail:// URI names its namenode as host:port, e.g. crail://127.0.0.1:9060/");
        }
        return uri.getHost().toLowerCase(Locale.ROOT) + ":" + uri.getPort();
    }

    /**
     * The Crail path of {@code path}: "/" or "/a/b", without empty components. A crail:// path
     * must name this storage's {@code authority}.
     */
    static String toCrail(String path, String authority) throws IOException {
        String rest = path;
        int schemeEnd = path.indexOf("://");
        if (schemeEnd >= 0) {
            if (!path.substring(0, schemeEnd).equalsIgnoreCase(SCHEME)) {
                throw new IOException(path + ": not a crail:// path");
            }
            int pathStart = path.indexOf('/', schemeEnd + 3);
            String pathAuthority = pathStart < 0 ? path.substring(schemeEnd + 3) : path.substring(schemeEnd + 3, pathStart);
            if (!pathAuthority.equalsIgnoreCase(authority)) {
                throw new IOException(path + ": belongs to the Crail cluster at " + pathAuthority + ", not " + authority);
            }
            rest = pathStart < 0 ? "/" : path.substring(pathStart);
        } else if (!path.startsWith("/")) {
            throw new IOException(path + ": Crail paths are absolute (crail://host:port/... or /...)");
        }
        List<String> names = components(rest);
        if (names.size() > CrailConstants.DIRECTORY_DEPTH) {
            throw new IOException(path + ": Crail paths have at most " + CrailConstants.DIRECTORY_DEPTH + " levels");
        }
        for (String n : names) {
            if (n.equals(".") || n.equals("..")) {
                throw new IOException(path + ": '" + n + "' is not allowed in a Crail path");
            }
        }
        return names.isEmpty() ? "/" : "/" + String.join("/", names);
    }

    static List<String> components(String crailPath) {
        List<String> names = new ArrayList<>();
        for (String n : crailPath.split("/")) {
            if (!n.isEmpty()) {
                names.add(n);
            }
        }
        return names;
    }

    /** The parent of a Crail path other than "/". */
    static String parent(String crailPath) {
        int slash = crailPath.lastIndexOf('/');
        return slash == 0 ? "/" : crailPath.substring(0, slash);
    }

    static String name(String crailPath) {
        return crailPath.substring(crailPath.lastIndexOf('/') + 1);
    }

    /**
     * Refuses a name that a directory record cannot hold. Crail's client writes the name with the
     * platform charset into a fixed-size record and does not check that it fits: a longer name
     * would run into the next entry's record.
     */
    static void checkNewName(String originalPath, String crailPath) throws IOException {
        String name = name(crailPath);
        Charset charset = Charset.defaultCharset();
        if (!charset.newEncoder().canEncode(name)) {
            throw new IOException(originalPath + ": Crail stores names in the platform charset (" + charset
                    + "), which cannot represent '" + name + "'");
        }
        int max = CrailConstants.DIRECTORY_RECORD - RECORD_HEADER_BYTES;
        if (name.getBytes(charset).length > max) {
            throw new IOException(originalPath + ": names in Crail are at most " + max + " bytes long");
        }
    }
}
