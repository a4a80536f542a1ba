package io.albis.bench.experiment;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/** The machine and JVM a run is measured on, in one line, for results to carry. */
public final class RunInfo {
    private RunInfo() {}

    public static String machine() {
        long memGiB = Math.round(memTotalKiB() / (1024.0 * 1024.0));
        return String.format(Locale.ROOT, "%s, %d CPUs, %d GiB RAM, %s; %s %s (%s)", cpuModel(),
                Runtime.getRuntime().availableProcessors(), memGiB, osName(), System.getProperty("java.vm.name"),
                System.getProperty("java.runtime.version"), System.getProperty("java.vendor"));
    }

    /** Writes {@code run.txt}: when, where, and with which settings the results were measured. */
    public static void write(Path out, String command, List<String> formats) throws IOException {
        write(out, "run.txt", command, formats, "data derived from TPC-DS (store_sales)");
    }

    /** Writes {@code file} in {@code out} as {@link #write(Path, String, List)} does, naming the data. */
    public static void write(Path out, String file, String command, List<String> formats, String data)
            throws IOException {
        Files.createDirectories(out);
        List<String> lines = List.of(
                "date: " + ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME),
                "machine: " + machine(),
                "harness JVM flags: " + String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()),
                "command: " + command,
                "formats: " + String.join(", ", formats),
                data + "; not TPC results and not comparable with them");
        Files.write(out.resolve(file), lines, StandardCharsets.UTF_8);
    }

    private static String cpuModel() {
        return firstValue(Path.of("/proc/cpuinfo"), "model name", ":").orElse(System.getProperty("os.arch"));
    }

    private static long memTotalKiB() {
        return firstValue(Path.of("/proc/meminfo"), "MemTotal", ":")
                .map(v -> Long.parseLong(v.replaceAll("[^0-9]", ""))).orElse(Runtime.getRuntime().maxMemory() / 1024);
    }

    private static String osName() {
        return firstValue(Path.of("/etc/os-release"), "PRETTY_NAME", "=").map(v -> v.replace("\"", ""))
                .orElse(System.getProperty("os.name") + " " + System.getProperty("os.version"));
    }

    private static java.util.Optional<String> firstValue(Path file, String key, String separator) {
        if (!Files.isReadable(file)) {
            return java.util.Optional.empty();
        }
        try (Stream<String> lines = Files.lines(file)) {
            return lines.filter(l -> l.startsWith(key) && l.contains(separator))
                    .map(l -> l.substring(l.indexOf(separator) + 1).trim()).findFirst();
        } catch (IOException | RuntimeException e) {
            return java.util.Optional.empty();
        }
    }
}
