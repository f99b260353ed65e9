package dev.logslice.cli;

import dev.logslice.connector.source.LogFileSource;
import dev.logslice.job.GrepDecoder;
import dev.logslice.job.GrepJob;
import dev.logslice.job.GrepMatch;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.FileOutputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** {@code logslice grep}: the lines that match a Java regex, in input order. */
@Command(
        name = "grep",
        mixinStandardHelpOptions = true,
        description =
                "Write the lines in which a Java regex finds a match, each exactly as in"
                        + " its file; files in argument order, lines in file order.")
final class GrepCommand implements Callable<Integer> {
    @Mixin ReadOptions read;
    @Mixin ExecutionTarget execution;

    @Option(names = "--out", description = "Write to this file instead of stdout.")
    Path out;

    @Parameters(index = "0", paramLabel = "REGEX", description = "A java.util.regex pattern.")
    String regex;

    @Parameters(
            index = "1..*",
            arity = "1..*",
            paramLabel = "PATH",
            description = "Files or directories.")
    List<String> paths;

    @Override
    public Integer call() throws Exception {
        Pattern pattern;
        try {
            pattern = Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException(
                    "invalid regex '" + regex + "': " + e.getDescription());
        }
        LogFileSource<GrepMatch> source =
                read.sourceFor(paths).setLineDecoder(new GrepDecoder(pattern)).build();
        try (WritableByteChannel target = openTarget()) {
            GrepJob.run(execution.environment(read.parallelism, paths, System.err), source, target);
        }
        return 0;
    }

    private WritableByteChannel openTarget() throws Exception {
        if (out == null) {
            return new FileOutputStream(java.io.FileDescriptor.out).getChannel();
        }
        return FileChannel.open(
                out,
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
    }
}
