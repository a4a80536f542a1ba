package io.albis.table;

import io.albis.error.InvalidOptionException;
import java.io.Serializable;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * An edit of a table's properties (docs/FORMAT.md §11, "Table properties"): keys to set to a value
 * and keys to remove. A commit applies it to the properties of the latest state and carries every
 * other key forward. Serializable, so an engine can ship it with a job's descriptor.
 *
 * @param set    keys and the values they get
 * @param remove keys that go (a key that is not there is no error)
 */
public record PropertyChange(Map<String, String> set, Set<String> remove) implements Serializable {
    /** Changes nothing. */
    public static final PropertyChange NONE = new PropertyChange(Map.of(), Set.of());

    /** Checks every key and value ({@link TableProperties#require}); a key both set and removed is refused. */
    public PropertyChange {
        set = Map.copyOf(set);
        remove = Set.copyOf(remove);
        for (Map.Entry<String, String> e : set.entrySet()) {
            TableProperties.require(e.getKey(), e.getValue());
        }
        for (String key : remove) {
            TableProperties.require(key, "");
            if (set.containsKey(key)) {
                throw new InvalidOptionException("table property '" + key + "' is both set and removed by one change");
            }
        }
    }

    /** Sets these keys. */
    public static PropertyChange setting(Map<String, String> values) {
        return new PropertyChange(values, Set.of());
    }

    /** Removes these keys. */
    public static PropertyChange removing(Collection<String> keys) {
        return new PropertyChange(Map.of(), Set.copyOf(keys));
    }

    public boolean isEmpty() {
        return set.isEmpty() && remove.isEmpty();
    }

    /** {@code properties} with this change applied, in key order (see {@link TableProperties#ordered}). */
    public Map<String, String> applyTo(Map<String, String> properties) {
        if (isEmpty()) {
            return properties;
        }
        Map<String, String> out = new HashMap<>(properties);
        out.keySet().removeAll(remove);
        out.putAll(set);
        return TableProperties.ordered(out);
    }
}
