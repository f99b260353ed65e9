package dev.logslice.cli;

import dev.logslice.generate.GeneratedFormat;
import dev.logslice.generate.LogGenerator;

import org.apache.flink.configuration.MemorySize;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code logslice demo}: stats on a realistic generated access log, with an HTML report. */
@Command(
        name = "demo",
        mixinStandardHelpOptions = true,
        description =
                "Generate a realistic access log once (deterministic, in a cache folder), run"
                        + " stats on it and write the HTML report.")
final class DemoCommand implements Callable<Integer> {
    private static final long SEED = 1;

    @Option(
            names = "--size",
            paramLabel = "SIZE",
            converter = SizeConverter.class,
            description = "Size of the sample log (default: 200m).")
    MemorySize size = MemorySize.parse("200m");

    @Option(
            names = "--dir",
            paramLabel = "DIR",
            description =
                    "Folder for the sample and the report (default: $XDG_CACHE_HOME/logslice or"
                            + " ~/.cache/logslice).")
    Path dir = CacheFolder.path();

    @Option(
            names = {"-p", "--parallelism"},
            paramLabel = "N",
            description = "Readers working at once (default: the number of cores).")
    int parallelism = Runtime.getRuntime().availableProcessors();

    @Override
    public Integer call() throws Exception {
        Files.createDirectories(dir);
        Path log = dir.resolve("demo-access-" + size.getBytes() + ".log");
        if (!Files.exists(log)) {
            System.err.println("logslice: generating " + log + " (once)");
            Path partial = dir.resolve(log.getFileName() + ".partial");
            LogGenerator.write(GeneratedFormat.COMBINED, size.getBytes(), SEED, partial);
            Files.move(partial, log);
        }
        Path html = dir.resolve("demo-report.html");
        List<String> stats = new ArrayList<>(List.of("stats", "--format", "combined"));
        stats.addAll(List.of("-p", String.valueOf(parallelism), "--html", html.toString()));
        stats.add(log.toString());
        int exitCode = Logslice.run(stats.toArray(new String[0]));
        if (exitCode == 0) {
            System.out.println();
            System.out.println("HTML report: " + html.toUri());
        }
        return exitCode;
    }
}
