package io.albis.crail;

import io.albis.storage.ReadableFile;
import io.albis.storage.Storage;
import io.albis.storage.WritableFile;
import java.io.Closeable;
import java.io.IOException;
import java.net.URI;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.crail.CrailFile;
import org.apache.crail.CrailLocationClass;
import org.apache.crail.CrailNode;
import org.apache.crail.CrailNodeType;
import org.apache.crail.CrailOutputStream;
import org.apache.crail.CrailStorageClass;
import org.apache.crail.CrailStore;
import org.apache.crail.conf.CrailConfiguration;
import org.apache.crail.conf.CrailConstants;
import org.apache.crail.core.CoreDataStore;
import org.apache.crail.core.DirectoryInputStream;
import org.apache.crail.core.DirectoryRecord;

/**
 * Albis storage on an Apache Crail cluster, through Crail's own client: paths are
 * crail://host:port/... (host:port is the namenode) or absolute paths on that cluster. Files are
 * written and read through Crail's direct streams (reads are positional), straight from and into
 * the caller's buffer when that is a direct one.
 *
 * <p>Needs what every Crail client needs: the environment variable {@code CRAIL_HOME} with
 * {@code $CRAIL_HOME/conf/crail-site.conf} (the namenode address in it is replaced by the one in
 * the URI), and {@code --add-opens java.base/sun.nio.ch=ALL-UNNAMED} on the JVM command line.
 *
 * <p>How Crail's semantics map to the {@link Storage} contract:
 * <ul>
 *   <li>rename is one namenode operation (atomic for directories) that never replaces the target;
 *   <li>after create, rename and delete the directory records are written before the call
 *       returns, so a listing by anyone afterwards sees the change;
 *   <li>a reader checks after each read that its file still exists under its path (one namenode
 *       call), because Crail's client reads cached block locations that the namenode may already
 *       have freed and handed to another file: data of a file deleted (or renamed) meanwhile is
 *       never returned.
 * </ul>
 *
 * <p>A limit of Crail 1.1's protocol: the namenode sees each path component only as its 32-bit
 * {@code String.hashCode()}. Two names with the same hash in one directory are one entry to it
 * (the second create fails as "exists"; a lookup of either finds the first).
 */
public final class CrailStorage implements Storage, Closeable {
    /** crail-site.conf key: seconds to wait for a busy or silent Crail connection before giving up on it. */
    public static final String TIMEOUT_KEY = "albis.crail.timeout.seconds";
    private static final long DEFAULT_TIMEOUT_SECONDS = 30;

    private final URI cluster;
    private final String authority;
    private final CrailConfiguration conf;
    private final long timeoutNanos;
    private final Object sessionLock = new Object();
    private CrailSession session;
    private boolean closed;

    private CrailStorage(URI cluster, String authority, CrailConfiguration conf, long timeoutNanos) {
        this.cluster = cluster;
        this.authority = authority;
        this.conf = conf;
        this.timeoutNanos = timeoutNanos;
    }

    /**
     * A storage for the Crail cluster whose namenode {@code uri} names (crail://host:port, any
     * path is ignored). Connects at once, so a namenode that is not there is reported here.
     */
    public static CrailStorage open(URI uri) throws IOException {
        String authority = CrailPaths.authority(uri);
        CrailGlobals.requireDirectBufferAccess();
        CrailConfiguration conf;
        try {
            conf = new CrailConfiguration();
        } catch (IOException | IllegalArgumentException e) {
            throw new IOException(uri + ": cannot read Crail's configuration ($CRAIL_HOME/conf/crail-site.conf): "
                    + e.getMessage(), e);
        }
        URI cluster = URI.create(CrailPaths.SCHEME + "://" + authority);
        conf.set(CrailConstants.NAMENODE_ADDRESS_KEY, cluster.toString());
        // Each storage owns its client: a shared singleton would be closed by whichever storage closes first.
        conf.set(CrailConstants.SINGLETON_KEY, "false");
        long seconds = conf.get(TIMEOUT_KEY) == null ? DEFAULT_TIMEOUT_SECONDS : Long.parseLong(conf.get(TIMEOUT_KEY));
        CrailStorage storage = new CrailStorage(cluster, authority, conf, TimeUnit.SECONDS.toNanos(seconds));
        storage.session();
        return storage;
    }

    /** The cluster, as crail://host:port. */
    public URI cluster() {
        return cluster;
    }

    /** Crail's block size (the unit of allocation and of a single read or write on the wire). */
    public long blockSize() {
        return CrailConstants.BLOCK_SIZE;
    }

    /** The current session, or a new one if the last one's connections failed. */
    CrailSession session() throws IOException {
        synchronized (sessionLock) {
            if (closed) {
                throw new IOException("the Crail storage for " + cluster + " is closed");
            }
            if (session == null || !session.usable()) {
                if (session != null) {
                    session.close();
                }
                session = null;
                session = CrailSession.connect(cluster.toString(), conf, timeoutNanos);
            }
            return session;
        }
    }

    private String crail(String path) throws IOException {
        return CrailPaths.toCrail(path, authority);
    }

    // ------------------------------------------------------------------ queries

    /** What the namenode knows of {@code path}, or null if nothing is there. */
    public CrailEntry stat(String path) throws IOException {
        CrailNode node = lookup(session(), crail(path));
        if (node == null) {
            return null;
        }
        boolean directory = node.getType().isContainer();
        return new CrailEntry(directory, directory ? 0 : node.getCapacity(), node.getModificationTime());
    }

    @Override
    public boolean exists(String path) throws IOException {
        return lookup(session(), crail(path)) != null;
    }

    @Override
    public boolean isDirectory(String path) throws IOException {
        CrailNode node = lookup(session(), crail(path));
        return node != null && node.getType().isContainer();
    }

    @Override
    public List<String> list(String dir) throws IOException {
        String p = crail(dir);
        CrailSession s = session();
        CrailNode node = lookup(s, p);
        if (node == null) {
            throw new NoSuchFileException(dir);
        }
        if (!node.getType().isContainer()) {
            throw new NotDirectoryException(dir);
        }
        long records = node.getCapacity() / CrailConstants.DIRECTORY_RECORD;
        return s.both("list " + p, () -> readDirectory(s.store(), p, records));
    }

    /**
     * The valid entries of a directory's records. Crail's directory stream ends quietly when a
     * read fails; counting the records tells a complete listing from one cut short.
     */
    private static List<String> readDirectory(CrailStore store, String p, long expectedRecords) throws Exception {
        DirectoryInputStream records = ((CoreDataStore) store).listEntries(p);
        TreeSet<String> names = new TreeSet<>();
        long seen = 0;
        try {
            while (records.hasRecord()) {
                DirectoryRecord r = records.nextRecord();
                seen++;
                if (r.isValid()) {
                    names.add(r.getFile());
                }
            }
        } finally {
            records.close();
        }
        if (seen < expectedRecords) {
            throw new IOException("the listing of " + p + " ended after " + seen + " of " + expectedRecords
                    + " directory records; a datanode holding the directory did not answer");
        }
        return new ArrayList<>(names);
    }

    // ------------------------------------------------------------------ files

    @Override
    public ReadableFile open(String path) throws IOException {
        String p = crail(path);
        CrailSession s = session();
        CrailNode node = lookup(s, p);
        if (node == null) {
            throw new NoSuchFileException(path);
        }
        if (!node.getType().isDataFile()) {
            throw new IOException(path + ": not a regular file (a Crail " + node.getType() + ")");
        }
        return s.nameNode("open " + p, () -> {
            CrailFile file = node.asFile();
            return new CrailReadableFile(s, path, p, file.getFd(), file.getCapacity(), file.getDirectInputStream(0));
        });
    }

    @Override
    public WritableFile create(String path) throws IOException {
        String p = crail(path);
        if (p.equals("/")) {
            throw new FileAlreadyExistsException(path, null, "the root directory exists");
        }
        CrailPaths.checkNewName(path, p);
        CrailSession s = session();
        CrailNode node;
        try {
            node = s.nameNode("create " + p,
                    () -> s.store().create(p, CrailNodeType.DATAFILE, CrailStorageClass.DEFAULT, CrailLocationClass.DEFAULT,
                            true).get());
        } catch (CrailRefusedException e) {
            throw explainRefusedCreate(s, path, p, e);
        }
        syncDirectory(s, "create " + p, node);
        CrailOutputStream out = s.nameNode("create " + p, () -> node.asFile().getDirectOutputStream(0));
        return new CrailWritableFile(s, path, out, CrailConstants.BUFFER_SIZE);
    }

    // ------------------------------------------------------------------ namespace

    @Override
    public void mkdirs(String dir) throws IOException {
        String p = crail(dir);
        CrailSession s = session();
        StringBuilder prefix = new StringBuilder();
        for (String name : CrailPaths.components(p)) {
            prefix.append('/').append(name);
            String q = prefix.toString();
            CrailNode node = lookup(s, q);
            if (node == null) {
                createDirectory(s, dir, q);
            } else if (!node.getType().isContainer()) {
                throw new FileAlreadyExistsException(q, null, "exists and is not a directory (making " + dir + ")");
            }
        }
    }

    private void createDirectory(CrailSession s, String dir, String q) throws IOException {
        CrailPaths.checkNewName(dir, q);
        CrailNode created;
        try {
            created = s.nameNode("create directory " + q,
                    () -> s.store().create(q, CrailNodeType.DIRECTORY, CrailStorageClass.DEFAULT, CrailLocationClass.DEFAULT,
                            true).get());
        } catch (CrailRefusedException e) {
            CrailNode now = lookup(s, q);
            if (now != null && now.getType().isContainer()) {
                return; // made by someone else meanwhile
            }
            throw explainRefusedCreate(s, dir, q, e);
        }
        syncDirectory(s, "create directory " + q, created);
    }

    /**
     * Renames in one namenode operation; fails with {@link FileAlreadyExistsException} if
     * {@code to} exists (file or directory, even an empty one) and never replaces it.
     */
    @Override
    public void rename(String from, String to) throws IOException {
        String f = crail(from);
        String t = crail(to);
        if (f.equals("/")) {
            throw new IOException(from + ": the root directory cannot be renamed");
        }
        if (t.equals(f) || t.equals("/")) {
            if (exists(from)) {
                throw new FileAlreadyExistsException(to, from, "rename target exists");
            }
            throw new NoSuchFileException(from);
        }
        if (t.startsWith(f + "/")) {
            throw new IOException("cannot rename " + from + " to " + to + ", which is inside it");
        }
        CrailPaths.checkNewName(to, t);
        CrailSession s = session();
        CrailNode moved;
        try {
            moved = s.nameNode("rename " + f + " to " + t, () -> s.store().rename(f, t).get());
        } catch (CrailRefusedException e) {
            moved = null;
        }
        if (moved == null) {
            // Crail reports every refusal the same way; look at the namespace to say which one it was.
            if (lookup(s, f) == null) {
                throw new NoSuchFileException(from, null, "rename source does not exist");
            }
            if (lookup(s, t) != null) {
                throw new FileAlreadyExistsException(to, from, "rename target exists");
            }
            CrailNode parent = lookup(s, CrailPaths.parent(t));
            if (parent == null) {
                throw new NoSuchFileException(to, from, "the target's parent directory does not exist");
            }
            if (!parent.getType().isContainer()) {
                throw new NotDirectoryException(CrailPaths.parent(t));
            }
            throw new IOException("Crail refused to rename " + from + " to " + to);
        }
        syncDirectory(s, "rename " + f, moved);
    }

    /** Deletes a file or a directory tree; a missing path is not an error. */
    @Override
    public void delete(String path) throws IOException {
        String p = crail(path);
        if (p.equals("/")) {
            throw new IOException(path + ": refusing to delete the root directory of " + cluster);
        }
        CrailSession s = session();
        CrailNode gone;
        try {
            gone = s.nameNode("delete " + p, () -> s.store().delete(p, true).get());
        } catch (CrailRefusedException e) {
            gone = null;
        }
        if (gone == null) {
            if (lookup(s, p) != null) {
                throw new IOException(path + ": Crail refused to delete it");
            }
            return;
        }
        syncDirectory(s, "delete " + p, gone);
    }

    @Override
    public void close() {
        synchronized (sessionLock) {
            closed = true;
            if (session != null) {
                session.close();
                session = null;
            }
        }
    }

    @Override
    public String toString() {
        return "CrailStorage(" + cluster + ")";
    }

    // ------------------------------------------------------------------ helpers

    private static CrailNode lookup(CrailSession s, String p) throws IOException {
        return s.nameNode("look up " + p, () -> s.store().lookup(p).get());
    }

    /** Waits until the client has written the directory records of a create, rename or delete. */
    private static void syncDirectory(CrailSession s, String what, CrailNode node) throws IOException {
        s.data(what + " (directory record)", () -> node.syncDir());
    }

    private static IOException explainRefusedCreate(CrailSession s, String path, String p, CrailRefusedException e)
            throws IOException {
        if (lookup(s, p) != null) {
            return new FileAlreadyExistsException(path);
        }
        String parentPath = CrailPaths.parent(p);
        CrailNode parent = lookup(s, parentPath);
        if (parent == null) {
            return new NoSuchFileException(path, null, "the parent directory does not exist");
        }
        if (!parent.getType().isContainer()) {
            return new NotDirectoryException(parentPath);
        }
        return e;
    }
}
