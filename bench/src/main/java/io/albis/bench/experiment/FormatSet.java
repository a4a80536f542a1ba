package io.albis.bench.experiment;

import io.albis.bench.format.Baseline;
import io.albis.bench.format.BenchFormat;
import io.albis.bench.format.spark.SparkLevelFormat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The formats found with {@link ServiceLoader} (this module's and any other registered), and the
 * ones a run measures. Order in results: baselines, then Albis, then the rest by name.
 */
public final class FormatSet {
    private final List<BenchFormat> all;
    private final List<BenchFormat> selected;

    private FormatSet(List<BenchFormat> all, List<BenchFormat> selected) {
        this.all = all;
        this.selected = selected;
    }

    /** The formats registered with {@link ServiceLoader}; {@code names} selects some (null: all). */
    public static FormatSet load(List<String> names) {
        List<BenchFormat> found = new ArrayList<>();
        ServiceLoader.load(BenchFormat.class).forEach(found::add);
        return of(found, names);
    }

    /** These formats; {@code names} selects some (null: all). */
    public static FormatSet of(List<BenchFormat> formats, List<String> names) {
        List<BenchFormat> all = new ArrayList<>();
        for (BenchFormat f : formats) {
            if (all.stream().anyMatch(o -> o.name().equals(f.name()))) {
                throw new IllegalStateException("two formats are named " + f.name() + ": " + f.getClass().getName()
                        + " and " + byName(all, f.name()).getClass().getName());
            }
            all.add(f);
        }
        all.sort(Comparator.comparingInt(FormatSet::rank).thenComparing(BenchFormat::name));
        if (names == null) {
            return new FormatSet(List.copyOf(all), List.copyOf(all));
        }
        List<BenchFormat> selected = new ArrayList<>();
        for (String n : new LinkedHashSet<>(names)) {
            BenchFormat f = byName(all, n);
            if (f == null) {
                throw new IllegalArgumentException("no format named '" + n + "'; formats are " + names(all));
            }
            selected.add(f);
        }
        selected.sort(Comparator.comparingInt(FormatSet::rank).thenComparing(BenchFormat::name));
        return new FormatSet(List.copyOf(all), List.copyOf(selected));
    }

    private static int rank(BenchFormat f) {
        return f instanceof Baseline ? 0 : "albis".equals(f.dataFormat()) ? 1 : 2;
    }

    private static BenchFormat byName(List<BenchFormat> formats, String name) {
        return formats.stream().filter(f -> f.name().equals(name)).findFirst().orElse(null);
    }

    private static List<String> names(List<BenchFormat> formats) {
        return formats.stream().map(BenchFormat::name).toList();
    }

    /**
     * This set without the selected formats that need JVM arguments: those only work in a fork
     * started with them, so an in-process run leaves them out.
     */
    public FormatSet withoutFormatsNeedingJvmArgs() {
        return new FormatSet(all, selected.stream().filter(f -> f.jvmArgs().isEmpty()).toList());
    }

    /** The selected formats that need JVM arguments of their own. */
    public List<String> needingJvmArgs() {
        return selected.stream().filter(f -> !f.jvmArgs().isEmpty()).map(BenchFormat::name).toList();
    }

    /** The formats this run measures. */
    public List<BenchFormat> selected() {
        return selected;
    }

    /** Any loaded format by name. */
    public BenchFormat get(String name) {
        BenchFormat f = byName(all, name);
        if (f == null) {
            throw new IllegalArgumentException("no format named '" + name + "'; formats are " + names(all));
        }
        return f;
    }

    /** The data formats of the selected formats, in their order. */
    public List<String> dataFormats() {
        return selected.stream().map(BenchFormat::dataFormat).distinct().toList();
    }

    /**
     * The one format that writes a data format's copies: the one named as the data format, else
     * the first by name among all loaded formats of that data format.
     */
    public BenchFormat writerFor(String dataFormat) {
        List<BenchFormat> candidates = all.stream()
                .filter(f -> f.dataFormat().equals(dataFormat) && !(f instanceof SparkLevelFormat))
                .sorted(Comparator.comparing(BenchFormat::name)).toList();
        if (candidates.isEmpty()) {
            throw new IllegalArgumentException("no format writes data format " + dataFormat);
        }
        return candidates.stream().filter(f -> f.name().equals(dataFormat)).findFirst().orElse(candidates.get(0));
    }

    public static boolean isBaseline(BenchFormat f) {
        return f instanceof Baseline;
    }
}
