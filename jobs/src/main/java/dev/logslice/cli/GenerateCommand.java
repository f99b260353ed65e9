package dev.logslice.cli;

import dev.logslice.generate.GeneratedFormat;
import dev.logslice.generate.GeneratedLog;
import dev.logslice.generate.LogGenerator;
import dev.logslice.generate.WebCardinality;
import dev.logslice.report.Human;

import org.apache.flink.configuration.MemorySize;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code logslice generate}: a realistic log file of a given size, the same for the same seed. */
@Command(
        name = "generate",
        mixinStandardHelpOptions = true,
        description =
                "Write a realistic log file that ends with the first line ending at or past"
                        + " SIZE; the same seed gives the same bytes on any machine.")
final class GenerateCommand implements Callable<Integer> {
    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            required = true,
            converter = FormatConverter.class,
            description = "combined, vcombined, nginx, json, syslog or log4j.")
    GeneratedFormat format;

    @Option(
            names = "--size",
            paramLabel = "SIZE",
            required = true,
            converter = SizeConverter.class,
            description = "Bytes to write, e.g. 200m or 4g.")
    MemorySize size;

    @Option(
            names = "--seed",
            paramLabel = "N",
            description = "Seed of the random choices (default: 1).")
    long seed = 1;

    @Option(
            names = "--out",
            paramLabel = "FILE",
            required = true,
            description = "The file to write.")
    Path out;

    @Option(
            names = "--clients",
            paramLabel = "N",
            description =
                    "Distinct clients of an access log (default: "
                            + WebCardinality.DEFAULT_CLIENTS
                            + "); e.g. 200000 for a high-cardinality log.")
    int clients = WebCardinality.DEFAULT.clients();

    @Option(
            names = "--paths",
            paramLabel = "N",
            description =
                    "Distinct request paths of an access log (default: "
                            + WebCardinality.DEFAULT_PATHS
                            + ").")
    int paths = WebCardinality.DEFAULT.paths();

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        WebCardinality cardinality = cardinality();
        long start = System.nanoTime();
        GeneratedLog log;
        try {
            log = LogGenerator.write(format, cardinality, size.getBytes(), seed, out);
        } catch (FileSystemException e) {
            // A path that cannot be written is the user's to fix, not a failed run.
            String reason = e.getReason() == null ? e.getClass().getSimpleName() : e.getReason();
            throw new IllegalArgumentException("cannot write " + out + ": " + reason);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf(
                "wrote %s (%,d lines) of %s to %s in %.2f s (%s/s)%n",
                Human.bytes(log.bytes()),
                log.lines(),
                format.cliName(),
                out,
                seconds,
                Human.bytes((long) (log.bytes() / seconds)));
        return 0;
    }

    private WebCardinality cardinality() {
        boolean given =
                spec.commandLine().getParseResult().hasMatchedOption("--clients")
                        || spec.commandLine().getParseResult().hasMatchedOption("--paths");
        if (given && !format.hasWebTraffic()) {
            throw new IllegalArgumentException(
                    "--clients and --paths apply to access logs (combined, vcombined, nginx,"
                            + " json), not to "
                            + format.cliName());
        }
        try {
            return new WebCardinality(clients, paths);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--" + e.getMessage());
        }
    }

    /** Reads a format by its command-line name. */
    static final class FormatConverter implements CommandLine.ITypeConverter<GeneratedFormat> {
        @Override
        public GeneratedFormat convert(String value) {
            try {
                return GeneratedFormat.fromName(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
