package io.albis.table;

import io.albis.error.CommitConflictException;
import io.albis.error.InvalidOptionException;
import io.albis.error.NotAnAlbisTableException;
import io.albis.layout.RowGroupLayout;
import io.albis.layout.TableLayout;
import io.albis.storage.Storage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A table's properties (docs/FORMAT.md §11, "Table properties"): string keys and values that live
 * in the table state, so every commit carries them and snapshots and time travel see the ones of
 * their state. {@link #change} edits them in a commit of its own; a write job may edit them in its
 * commit ({@code CommitPlan}).
 */
public final class TableProperties {
    /** Keys and values are written as a {@code str}: at most this many UTF-8 bytes. */
    public static final int MAX_BYTES = 65_535;
    /** A properties commit that keeps losing the race to publish gives up after this many tries. */
    private static final int MAX_PUBLISH_ATTEMPTS = 1000;

    private TableProperties() {}

    /** Why {@code key} and {@code value} cannot be a table property, or null when they can. */
    public static String problem(String key, String value) {
        if (key == null || key.isEmpty()) {
            return "a table property needs a non-empty key";
        }
        if (value == null) {
            return "table property '" + key + "' has no value (null); remove the key instead";
        }
        String why = textProblem(key);
        if (why != null) {
            return "the key of table property '" + key + "' " + why;
        }
        why = textProblem(value);
        return why == null ? null : "the value of table property '" + key + "' " + why;
    }

    private static String textProblem(String s) {
        if (!StandardCharsets.UTF_8.newEncoder().canEncode(s)) {
            return "is not valid Unicode (an unpaired surrogate)";
        }
        int n = s.getBytes(StandardCharsets.UTF_8).length;
        return n > MAX_BYTES ? "is " + n + " UTF-8 bytes, more than the " + MAX_BYTES + " a property may have" : null;
    }

    /** Refuses a key or value {@link #problem} finds wrong with an {@link InvalidOptionException}. */
    static void require(String key, String value) {
        String why = problem(key, value);
        if (why != null) {
            throw new InvalidOptionException(why);
        }
    }

    /**
     * Compares keys as a table state orders them: by their UTF-8 bytes, unsigned, which is the
     * order of their code points.
     */
    public static int compareKeys(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Boolean.compare(i < a.length(), j < b.length());
    }

    /** An unmodifiable copy of {@code properties} that iterates in key order ({@link #compareKeys}). */
    public static Map<String, String> ordered(Map<String, String> properties) {
        List<String> keys = new ArrayList<>(properties.keySet());
        keys.sort(TableProperties::compareKeys);
        Map<String, String> out = new LinkedHashMap<>();
        for (String k : keys) {
            out.put(k, properties.get(k));
        }
        return Collections.unmodifiableMap(out);
    }

    /** The properties of the table's latest state (none for a table without one). */
    public static Map<String, String> of(Storage storage, String table) throws IOException {
        int latest = TableStates.latestVersion(storage.list(table));
        return latest == 0 ? Map.of() : TableStates.read(storage, table, latest).properties();
    }

    /** Sets and removes properties in one commit; see {@link #change(Storage, String, PropertyChange, String, Retention)}. */
    public static int change(Storage storage, String table, Map<String, String> set, Set<String> remove)
            throws IOException {
        return change(storage, table, new PropertyChange(set, remove), WriteMode.PROPERTIES.operation, Retention.DEFAULT);
    }

    /**
     * Publishes the next table state with {@code change} applied to the latest state's properties:
     * the same row groups and schema, mode {@link WriteMode#PROPERTIES}, and {@code operation} for
     * the history. A commit that lands first (an append, another change) is no conflict: the edit
     * is applied again to the new latest state, as an append is. Returns the version published.
     * Refused for a table without a state and for one whose latest state lists row groups in
     * directories (format 3.x and older: a 5.0 state cannot list them).
     */
    public static int change(Storage storage, String table, PropertyChange change, String operation,
            Retention retention) throws IOException {
        TableState.requireOperation(operation);
        if (!storage.isDirectory(table)) {
            throw new NotAnAlbisTableException(table, -1, "no such table directory");
        }
        String id = TableLayout.newJobId(System.currentTimeMillis());
        int seen = -1;
        for (int tries = 0; tries < MAX_PUBLISH_ATTEMPTS; tries++) {
            int latest = TableStates.latestVersion(storage.list(table));
            if (latest == 0) {
                throw new InvalidOptionException(table + " has no table state (a format 1.0 table, or one whose creation"
                        + " has not committed): it has no properties to change");
            }
            TableState base = TableStates.read(storage, table, latest);
            if (seen >= 0 && committedSince(storage, table, seen, latest, base, id)) {
                return latest;
            }
            seen = latest;
            if (base.layout() != RowGroupLayout.current()) {
                throw new InvalidOptionException(table + " is a format " + base.format() + " table (row groups in"
                        + " directories): overwrite it or copy its rows into a new table before setting properties");
            }
            TableState next = new TableState(latest + 1, base.schemaVersion(), WriteMode.PROPERTIES, id,
                    System.currentTimeMillis(), base.rowGroups(), operation, change.applyTo(base.properties()));
            if (TableStates.publish(storage, table, next)) {
                try {
                    TableCleaner.clean(storage, table, retention, System.currentTimeMillis(), next);
                } catch (IOException | RuntimeException ignored) {
                    // The commit stands; the next commit or repair removes what is left over.
                }
                return next.version();
            }
            // Another commit published that version first: apply the change to the new latest state.
        }
        throw new CommitConflictException("the properties of " + table + " could not be changed in "
                + MAX_PUBLISH_ATTEMPTS + " tries: other commits kept publishing first");
    }

    /** Whether a state after {@code after}, up to {@code latest}, carries {@code id}: an earlier try published it. */
    private static boolean committedSince(Storage storage, String table, int after, int latest, TableState current,
            String id) throws IOException {
        for (int v = latest; v > after; v--) {
            TableState s = v == latest ? current : TableStates.read(storage, table, v);
            if (s.jobId().equals(id)) {
                return true;
            }
        }
        return false;
    }
}
