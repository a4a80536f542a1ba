package io.albis.bench.experiment;

import io.albis.bench.dataset.Dataset;
import io.albis.bench.format.ReadSpec;

/**
 * One thing measured: a format (with codec, data variant and thread count) at one point of an
 * experiment.
 *
 * @param point   the point's label, e.g. {@code int} or {@code 30%}
 * @param x       the point's value on a chart's x axis (0 when the axis is categories)
 * @param format  the {@link io.albis.bench.format.BenchFormat} name
 * @param variant layout variant of the written copy ("" for the default)
 */
public record Case(int experiment, String point, double x, Dataset dataset, String format, String dataFormat,
        String codec, String variant, int threads, Kind kind, ReadSpec spec) {

    /** The format with its variant, as results show it: {@code albis-binary[cg10]}. */
    public String formatLabel() {
        return variant.isEmpty() ? format : format + "[" + variant + "]";
    }

    @Override
    public String toString() {
        return "experiment " + experiment + " " + point + " / " + formatLabel() + " / " + codec + " / " + threads
                + (threads == 1 ? " thread" : " threads") + " (" + kind.name().toLowerCase(java.util.Locale.ROOT) + ")";
    }
}
