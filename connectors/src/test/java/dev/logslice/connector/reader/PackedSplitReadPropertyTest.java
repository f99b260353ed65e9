package dev.logslice.connector.reader;

import dev.logslice.connector.source.LineDecoders;
import dev.logslice.connector.source.LogFileSource;
import dev.logslice.connector.source.LogLine;
import dev.logslice.connector.split.LogFileSplit;
import dev.logslice.connector.testing.GeneratedLogs;
import dev.logslice.connector.testing.LineAt;
import dev.logslice.connector.testing.ReferenceLines;

import org.apache.flink.configuration.MemorySize;
import org.apache.flink.core.fs.Path;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static dev.logslice.connector.reader.SourceDriver.enumerate;
import static dev.logslice.connector.reader.SourceDriver.readAll;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Random sets of files (tiny and large) x split size x buffer size x readers, cut and packed by the
 * source's enumerator and read by its reader: every line of every file comes exactly once, in file
 * order, files in the order given.
 */
class PackedSplitReadPropertyTest {
    private static final int PAGE = 4096;

    @Property(tries = 60)
    void everyLineOfEveryFileOnceWhateverTheCutsAndPacking(
            @ForAll("files") List<byte[]> contents,
            @ForAll @IntRange(min = 1, max = 6) int splitPages,
            @ForAll @IntRange(min = 1, max = 2) int bufferPages,
            @ForAll @IntRange(min = 1, max = 3) int parallelism)
            throws Exception {
        java.nio.file.Path dir = Files.createTempDirectory("packed");
        try {
            Map<String, List<LineAt>> expected = new LinkedHashMap<>();
            for (int i = 0; i < contents.size(); i++) {
                java.nio.file.Path file =
                        Files.write(dir.resolve(String.format("f%02d.log", i)), contents.get(i));
                expected.put(new Path(file.toUri()).toString(), ReferenceLines.of(contents.get(i)));
            }
            LogFileSource<LogLine> source =
                    LogFileSource.builder()
                            .addPath(new Path(dir.toUri()))
                            .setSplitSize(new MemorySize((long) splitPages * PAGE))
                            .setReadBufferSize(new MemorySize((long) bufferPages * PAGE))
                            .setLineDecoder(LineDecoders.rawLines())
                            .build();
            List<LogFileSplit> splits = enumerate(source, parallelism);
            Statistics.label("packed")
                    .collect(splits.stream().anyMatch(split -> split.segments().size() > 1));

            Map<String, List<LineAt>> actual = new LinkedHashMap<>();
            expected.keySet().forEach(file -> actual.put(file, new ArrayList<>()));
            for (LogLine line : readAll(source, splits)) {
                actual.get(line.file).add(LineAt.of(line));
            }
            assertThat(actual).containsExactlyEntriesOf(expected);
            // The property is about packing: it must be exercised, not just allowed.
            Statistics.label("packed")
                    .coverage(coverage -> coverage.check(true).percentage(p -> p > 30));
        } finally {
            try (Stream<java.nio.file.Path> files = Files.walk(dir)) {
                for (java.nio.file.Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(file);
                }
            }
        }
    }

    @Provide
    Arbitrary<List<byte[]>> files() {
        return Arbitraries.oneOf(GeneratedLogs.files(3, 9001), GeneratedLogs.files(40, 12_000))
                .list()
                .ofMinSize(1)
                .ofMaxSize(8);
    }
}
