package dev.logslice.connector.reader;

import dev.logslice.connector.source.LogFileSource;
import dev.logslice.connector.split.LogFileSplit;

import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.connector.testutils.source.reader.TestingReaderContext;
import org.apache.flink.connector.testutils.source.reader.TestingReaderOutput;
import org.apache.flink.connector.testutils.source.reader.TestingSplitEnumeratorContext;
import org.apache.flink.core.io.InputStatus;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Drives a source's enumerator and reader in Flink's testing contexts, as a task would. */
final class SourceDriver {
    private SourceDriver() {}

    /** Every split the source's enumerator hands out to one reader, in file order. */
    static List<LogFileSplit> enumerate(LogFileSource<?> source) throws Exception {
        return enumerate(source, 1);
    }

    /** Every split the enumerator makes for {@code parallelism} readers, in file order. */
    static List<LogFileSplit> enumerate(LogFileSource<?> source, int parallelism) throws Exception {
        TestingSplitEnumeratorContext<LogFileSplit> enumeratorContext =
                new TestingSplitEnumeratorContext<>(parallelism);
        enumeratorContext.registerReader(0, "localhost");
        try (var enumerator = source.createEnumerator(enumeratorContext)) {
            enumerator.start();
            do {
                enumerator.handleSplitRequest(0, "localhost");
            } while (!enumeratorContext
                    .getSplitAssignments()
                    .get(0)
                    .hasReceivedNoMoreSplitsSignal());
        }
        return inIdOrder(enumeratorContext.getSplitAssignments().get(0).getAssignedSplits());
    }

    /** Splits in the order of their ids, which is the input's order. */
    static List<LogFileSplit> inIdOrder(List<LogFileSplit> splits) {
        return splits.stream().sorted(Comparator.comparing(LogFileSplit::splitId)).toList();
    }

    /** Every record of {@code splits}, read by one fresh reader in input order. */
    static <T> List<T> readAll(LogFileSource<T> source, List<LogFileSplit> splits)
            throws Exception {
        TestingReaderOutput<T> output = new TestingReaderOutput<>();
        try (SourceReader<T, LogFileSplit> reader =
                source.createReader(new TestingReaderContext())) {
            reader.addSplits(inIdOrder(splits));
            reader.notifyNoMoreSplits();
            readToEnd(reader, output);
        }
        return output.getEmittedRecords();
    }

    static <T> void readToEnd(SourceReader<T, LogFileSplit> reader, TestingReaderOutput<T> output)
            throws Exception {
        poll(reader, output, () -> {}, Integer.MAX_VALUE);
    }

    static <T> void readUntil(
            SourceReader<T, LogFileSplit> reader, TestingReaderOutput<T> output, int records)
            throws Exception {
        poll(reader, output, () -> {}, records);
    }

    /**
     * Polls until the end of input, or until {@code limit} records are out, waiting on the reader's
     * availability future whenever nothing is available; runs {@code afterPoll} after every poll.
     */
    static <T> void poll(
            SourceReader<T, LogFileSplit> reader,
            TestingReaderOutput<T> output,
            Runnable afterPoll,
            int limit)
            throws Exception {
        while (output.getEmittedRecords().size() < limit) {
            InputStatus status = reader.pollNext(output);
            afterPoll.run();
            if (status == InputStatus.END_OF_INPUT) {
                return;
            }
            if (status == InputStatus.NOTHING_AVAILABLE) {
                reader.isAvailable().get(30, TimeUnit.SECONDS);
            }
        }
    }

    /**
     * Reads {@code splits} to the end with a started reader that is handed each split only when it
     * asks, as the enumerator does: the reader's fetcher then idles between splits and reads each
     * with a new split reader.
     */
    static <T> void readOnRequest(
            SourceReader<T, LogFileSplit> reader,
            TestingReaderContext context,
            List<LogFileSplit> splits,
            TestingReaderOutput<T> output)
            throws Exception {
        List<LogFileSplit> toHandOut = new ArrayList<>(inIdOrder(splits));
        int[] answered = {0};
        Runnable answerRequests =
                () -> {
                    while (answered[0] < context.getNumSplitRequests()) {
                        answered[0]++;
                        if (toHandOut.isEmpty()) {
                            reader.notifyNoMoreSplits();
                        } else {
                            reader.addSplits(List.of(toHandOut.remove(0)));
                        }
                    }
                };
        reader.start();
        answerRequests.run();
        poll(reader, output, answerRequests, Integer.MAX_VALUE);
    }
}
