package dev.logslice.connector.reader;

import dev.logslice.connector.metrics.LogSourceReaderMetrics;
import dev.logslice.connector.source.EventStarts;
import dev.logslice.connector.source.Line;
import dev.logslice.connector.source.LineDecoder;
import dev.logslice.connector.source.LogFileSource;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.connector.split.LogFileSplit;
import dev.logslice.connector.testing.LineAt;
import dev.logslice.connector.testing.LinesAndReports;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.connector.testutils.source.reader.TestingReaderContext;
import org.apache.flink.connector.testutils.source.reader.TestingReaderOutput;
import org.apache.flink.core.fs.Path;
import org.apache.flink.metrics.testutils.MetricListener;
import org.apache.flink.runtime.metrics.groups.InternalSourceReaderMetricGroup;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import static dev.logslice.connector.reader.SourceDriver.enumerate;
import static dev.logslice.connector.reader.SourceDriver.readOnRequest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code setRecordLimit}: a reader stops reading once it has emitted that many records (a query's
 * {@code LIMIT} then reads a buffer, not the files), at a record's end.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RecordLimitTest {
    private static final int PAGE = 4096;

    @TempDir java.nio.file.Path dir;

    private final MetricListener metrics = new MetricListener();
    private final TestingReaderContext context =
            new TestingReaderContext(
                    new Configuration(),
                    InternalSourceReaderMetricGroup.mock(metrics.getMetricGroup()));

    @Test
    void aReaderAtItsLimitReadsNoMoreAndFinishesLaterSplitsUnread() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 3_000; i++) {
            text.append("line ").append(i).append(" of the log, padded to a realistic length\n");
        }
        java.nio.file.Path file = Files.writeString(dir.resolve("access.log"), text);
        LogFileSource<Object> source =
                LogFileSource.builder()
                        .addPath(new Path(file.toUri()))
                        .setSplitSize(MemorySize.parse("16k"))
                        .setReadBufferSize(MemorySize.parse("4k"))
                        .setLineDecoder(new LinesAndReports(LineAt::of))
                        .setRecordLimit(7)
                        .build();
        List<LogFileSplit> splits = enumerate(source);

        List<Object> emitted = read(source, splits);

        assertThat(splits).hasSizeGreaterThan(3);
        assertThat(emitted.subList(0, 7))
                .extracting(line -> ((LineAt) line).content())
                .containsExactly(text.toString().lines().limit(7).toArray(String[]::new));
        List<SplitReport> reports =
                emitted.subList(7, emitted.size()).stream().map(SplitReport.class::cast).toList();
        assertThat(reports).extracting(SplitReport::splitId).hasSize(splits.size());
        assertThat(reports.get(0).skipReason()).isNull();
        assertThat(reports.get(0).readCalls()).isEqualTo(1);
        assertThat(reports.subList(1, reports.size()))
                .allSatisfy(
                        report -> {
                            assertThat(report.skipReason())
                                    .isEqualTo(
                                            "not read: the reader had emitted its limit of 7"
                                                    + " records");
                            assertThat(report.lines()).isZero();
                        });
        assertThat(counter(LogSourceReaderMetrics.READ_CALLS)).isEqualTo(1);
    }

    @Test
    void aMultiLineEventAtTheLimitIsReadToItsEnd() throws Exception {
        List<String> events = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            StringBuilder event = new StringBuilder("ERROR order ").append(i).append(" failed");
            for (int frame = 0; frame < i % 9; frame++) {
                event.append("\n\tat o.e.Shop.place(Shop.java:").append(frame).append(')');
            }
            events.add(event.toString());
        }
        // The limit's events, then the one the decoder held, whole: its stack trace too.
        assertLimitsEmitWholeEvents(String.join("\n", events) + "\n", events, false);
    }

    @Test
    void anEventWhoseLineIsCutAtTheLimitKeepsItsRest() throws Exception {
        List<String> lines = new ArrayList<>();
        List<String> events = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            String head = "ERROR order " + i + " failed";
            if (i % 2 == 1) {
                // Cut: its rest, the next line, looks like an event's start.
                lines.add(head + JoinedEvents.CUT);
                lines.add("ERROR rest of " + i);
                events.add(head + JoinedEvents.CUT + "ERROR rest of " + i);
            } else {
                lines.add(head);
                events.add(head);
            }
        }
        assertLimitsEmitWholeEvents(String.join("\n", lines) + "\n", events, true);
    }

    /** At each of a few limits, the log's first events up to one past the limit, each whole. */
    private void assertLimitsEmitWholeEvents(String log, List<String> events, boolean cutLines)
            throws Exception {
        java.nio.file.Path file = Files.writeString(dir.resolve("app.log"), log);
        for (int limit : new int[] {1, 3, 8, 17}) {
            LogFileSource<Object> source =
                    LogFileSource.builder()
                            .addPath(new Path(file.toUri()))
                            .setSplitSize(MemorySize.parse("8k"))
                            .setReadBufferSize(MemorySize.parse("4k"))
                            .setLineDecoder(new JoinedEvents(cutLines))
                            .setRecordLimit(limit)
                            .build();

            List<Object> emitted = read(source, enumerate(source));

            assertThat(emitted)
                    .as("limit %d", limit)
                    .containsExactlyElementsOf(events.subList(0, limit + 1));
        }
    }

    @Test
    void aNegativeLimitIsRefused() {
        assertThatThrownBy(() -> LogFileSource.builder().setRecordLimit(-1))
                .hasMessage("record limit -1 must not be negative");
    }

    /** Every record, the reader handed each split when it asks (a new split reader each). */
    private List<Object> read(LogFileSource<Object> source, List<LogFileSplit> splits)
            throws Exception {
        TestingReaderOutput<Object> output = new TestingReaderOutput<>();
        try (var reader = source.createReader(context)) {
            readOnRequest(reader, context, splits, output);
        }
        return output.getEmittedRecords();
    }

    private long counter(String name) {
        return metrics.getCounter(name)
                .orElseThrow(() -> new AssertionError("no counter " + name))
                .getCount();
    }

    /**
     * Multi-line events as one string each, emitted when the next starts or the split ends, as the
     * logslice formats' assembler does; no reports. With cut lines, a line ending in {@link #CUT}
     * goes on in the next line, joined without a line feed.
     */
    private static final class JoinedEvents implements LineDecoder<Object> {
        private static final long serialVersionUID = 1L;
        static final char CUT = '\\';

        private final boolean cutLines;
        private transient StringBuilder held;
        private transient boolean heldIsCut;

        JoinedEvents(boolean cutLines) {
            this.cutLines = cutLines;
        }

        @Override
        public Object decode(Line line) {
            String text =
                    new String(line.buffer(), line.start(), line.length(), StandardCharsets.UTF_8);
            String done = null;
            if (held != null && heldIsCut) {
                held.append(text);
            } else if (startsEvent(line)) {
                done = held == null ? null : held.toString();
                held = new StringBuilder(text);
            } else if (held != null) {
                held.append('\n').append(text);
            }
            heldIsCut = held != null && isCut(line);
            return done;
        }

        @Override
        public EventStarts eventStarts() {
            if (!cutLines) {
                return JoinedEvents::startsEvent;
            }
            return new EventStarts() {
                @Override
                public boolean startsRecord(Line line) {
                    return startsEvent(line);
                }

                @Override
                public boolean cutsLines(Path file) {
                    return true;
                }

                @Override
                public boolean leavesLineUnfinished(Line line) {
                    return isCut(line);
                }
            };
        }

        private static boolean startsEvent(Line line) {
            return line.length() > 0 && line.buffer()[line.start()] != '\t';
        }

        private boolean isCut(Line line) {
            return cutLines
                    && line.length() > 0
                    && line.buffer()[line.start() + line.length() - 1] == CUT;
        }

        @Override
        public void finishSplit(SplitReport report, Consumer<Object> output) {
            if (held != null) {
                output.accept(held.toString());
                held = null;
                heldIsCut = false;
            }
        }

        @Override
        public TypeInformation<Object> getProducedType() {
            return TypeInformation.of(Object.class);
        }
    }
}
