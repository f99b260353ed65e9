package dev.logslice.connector.source;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.connector.testframe.environment.MiniClusterTestEnvironment;
import org.apache.flink.connector.testframe.external.ExternalContextFactory;
import org.apache.flink.connector.testframe.external.ExternalSystemSplitDataWriter;
import org.apache.flink.connector.testframe.external.source.DataStreamSourceExternalContext;
import org.apache.flink.connector.testframe.external.source.TestingSourceSettings;
import org.apache.flink.connector.testframe.junit.annotations.TestContext;
import org.apache.flink.connector.testframe.junit.annotations.TestEnv;
import org.apache.flink.connector.testframe.junit.annotations.TestSemantics;
import org.apache.flink.connector.testframe.testsuites.SourceTestSuiteBase;
import org.apache.flink.core.execution.CheckpointingMode;
import org.apache.flink.util.FileUtils;

import org.junit.jupiter.api.Nested;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Flink's shared source test suite, run against {@link LogFileSource}. */
class LogFileSourceSuiteITCase {

    /** The suite's bounded cases; the unbounded ones abort, as the framework allows. */
    @Nested
    class IntegrationTests extends SourceTestSuiteBase<String> {
        @TestEnv MiniClusterTestEnvironment flink = new MiniClusterTestEnvironment();

        @TestSemantics
        CheckpointingMode[] semantics = new CheckpointingMode[] {CheckpointingMode.EXACTLY_ONCE};

        @TestContext
        ExternalContextFactory<LogDirectoryContext> logDirectory =
                testName -> new LogDirectoryContext();
    }

    /** A directory in which each of the suite's splits is one log file. */
    static final class LogDirectoryContext implements DataStreamSourceExternalContext<String> {
        private final Path directory;
        private int files;

        LogDirectoryContext() {
            try {
                directory = Files.createTempDirectory("logslice-suite");
                // The suite builds the source before writing data; the builder wants a file.
                Files.createFile(directory.resolve("0-empty.log"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public Source<String, ?, ?> createSource(TestingSourceSettings settings) {
            if (settings.getBoundedness() != Boundedness.BOUNDED) {
                throw new UnsupportedOperationException("LogFileSource reads bounded input only");
            }
            return LogFileSource.builder()
                    .addPath(new org.apache.flink.core.fs.Path(directory.toUri()))
                    .setReadBufferSize(MemorySize.parse("4k"))
                    .build();
        }

        @Override
        public ExternalSystemSplitDataWriter<String> createSourceSplitDataWriter(
                TestingSourceSettings settings) {
            Path file = directory.resolve("split-" + (++files) + ".log");
            return new ExternalSystemSplitDataWriter<>() {
                @Override
                public void writeRecords(List<String> records) {
                    StringBuilder text = new StringBuilder();
                    records.forEach(record -> text.append(record).append('\n'));
                    try {
                        Files.writeString(
                                file,
                                text,
                                StandardCharsets.UTF_8,
                                StandardOpenOption.CREATE,
                                StandardOpenOption.APPEND);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }

                @Override
                public void close() {}
            };
        }

        @Override
        public List<String> generateTestData(
                TestingSourceSettings settings, int splitIndex, long seed) {
            Random random = new Random(seed);
            List<String> records = new ArrayList<>();
            // Files under one block (4096 bytes) are one split each: the suite expects each of
            // its splits' records in order, and the source cuts bigger files into ranges.
            int count = 10 + random.nextInt(30);
            for (int i = 0; i < count; i++) {
                StringBuilder line = new StringBuilder("split " + splitIndex + " line " + i + " ");
                int length = random.nextInt(60);
                for (int j = 0; j < length; j++) {
                    line.append((char) ('a' + random.nextInt(26)));
                }
                records.add(line.toString());
            }
            return records;
        }

        @Override
        public TypeInformation<String> getProducedType() {
            return Types.STRING;
        }

        @Override
        public List<URL> getConnectorJarPaths() {
            return List.of();
        }

        @Override
        public void close() throws IOException {
            FileUtils.deleteDirectory(directory.toFile());
        }
    }
}
