package io.albis.bench.experiment;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;

/** The two chart shapes the experiments use, drawn with XChart, and saving them as one PNG. */
public final class Charts {
    static final int WIDTH = 1200;
    static final int HEIGHT = 620;

    /** One series of an x/y chart. */
    public record Line(String name, List<Double> x, List<Double> y) {}

    private Charts() {}

    /** Grouped bars: one group per category, one bar per series (values in category order). */
    public static CategoryChart bars(String title, String xTitle, String yTitle, List<String> categories,
            Map<String, List<Double>> series) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setXAxisLabelRotation(categories.size() > 6 ? 45 : 0);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        for (Map.Entry<String, List<Double>> e : series.entrySet()) {
            chart.addSeries(e.getKey(), categories, e.getValue());
        }
        return chart;
    }

    /** Per thread count, a bar chart of goodput: one group of bars per point, one bar per format (with its variant). */
    static List<CategoryChart> pointsByFormat(String title, String xTitle, List<CaseResult> results) {
        return pointsByFormat(title, xTitle, results, r -> r.c().formatLabel());
    }

    /** As {@link #pointsByFormat(String, String, List)}, one bar per {@code series} value. */
    static List<CategoryChart> pointsByFormat(String title, String xTitle, List<CaseResult> results,
            Function<CaseResult, String> seriesOf) {
        Function<CaseResult, String> point = r -> r.c().point();
        List<CategoryChart> charts = new ArrayList<>();
        for (Map.Entry<Integer, List<CaseResult>> t : ResultGroups.by(results, r -> r.c().threads()).entrySet()) {
            List<String> points = ResultGroups.distinct(t.getValue(), point);
            Map<String, List<Double>> series = new LinkedHashMap<>();
            for (Map.Entry<String, List<CaseResult>> f : ResultGroups.by(t.getValue(), seriesOf).entrySet()) {
                series.put(f.getKey(), points.stream().map(p -> ResultGroups.goodput(f.getValue(), point, p)).toList());
            }
            charts.add(bars(title + ", " + ResultGroups.threads(t.getKey()), xTitle, "goodput GB/s", points, series));
        }
        return charts;
    }

    /** Lines with markers, one per series; a log x axis for sizes. */
    public static XYChart lines(String title, String xTitle, String yTitle, List<Line> lines, boolean logX) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setXAxisLogarithmic(logX);
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        for (Line l : lines) {
            chart.addSeries(l.name(), l.x(), l.y());
        }
        return chart;
    }

    /** Saves the charts stacked vertically in one PNG. */
    public static <T extends Chart<?, ?>> void save(List<T> charts, Path png) throws IOException {
        if (charts.isEmpty()) {
            throw new IllegalArgumentException("no chart to save as " + png);
        }
        String file = png.toString();
        if (charts.size() == 1) {
            BitmapEncoder.saveBitmap(charts.get(0), file, BitmapEncoder.BitmapFormat.PNG);
        } else {
            BitmapEncoder.saveBitmap(new ArrayList<>(charts), charts.size(), 1, file, BitmapEncoder.BitmapFormat.PNG);
        }
    }
}
