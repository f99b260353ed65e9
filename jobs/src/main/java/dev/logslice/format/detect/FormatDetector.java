package dev.logslice.format.detect;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;
import dev.logslice.format.registry.FormatDefinition;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Chooses the format of a file from its first lines ({@code --format auto}). Each detectable format
 * reads the sample; one fits when it reads at least {@value #FIT_PERCENT}% of the lines (for
 * multi-line formats, lines that look like stack traces count after an event). Of the best fitting
 * formats, one that reads every line as another does but with more fields wins (combined over
 * common); formats that read the lines differently are ambiguous.
 */
public final class FormatDetector {
    static final int FIT_PERCENT = 90;
    private static final int SAMPLE_LINES = 100;
    private static final int SAMPLE_BYTES = 256 * 1024;
    private static final Pattern STACK_TRACE_LINE =
            Pattern.compile(
                    "^(\\s.*|Caused by: .*|Suppressed: .*|[\\w$.]+(Exception|Error|Throwable)(: .*)?)$");

    private final FormatRegistry registry;

    public FormatDetector(FormatRegistry registry) {
        this.registry = registry;
    }

    /** The format of a file, from its first lines; the reference time is its mtime. */
    public FormatDetection detect(Path file, ZoneId zone)
            throws IOException, FormatDetectionException {
        List<byte[]> lines = LineSample.read(file, SAMPLE_LINES, SAMPLE_BYTES);
        return detect(file.toString(), lines, ParserContext.forFile(file, zone));
    }

    /** The format of lines from {@code source} (a name for messages). */
    public FormatDetection detect(String source, List<byte[]> lines, ParserContext context)
            throws FormatDetectionException {
        List<byte[]> sample =
                lines.stream().filter(line -> !isBlank(line)).collect(Collectors.toList());
        if (sample.isEmpty()) {
            throw new FormatDetectionException(
                    source + " has no lines to detect its format from; " + howToChoose());
        }
        List<Candidate> candidates = new ArrayList<>();
        List<FormatDefinition> definitions = registry.definitions();
        for (int i = 0; i < definitions.size(); i++) {
            if (definitions.get(i).isDetectable()) {
                candidates.add(read(definitions.get(i), i, sample, context));
            }
        }
        candidates.sort(
                Comparator.comparingInt((Candidate c) -> -c.fitting)
                        .thenComparingInt(c -> c.order));
        Candidate best = candidates.get(0);
        if (best.fitting * 100 < FIT_PERCENT * sample.size()) {
            throw new FormatDetectionException(
                    "no format fits the first "
                            + sample.size()
                            + " lines of "
                            + source
                            + "; closest: "
                            + describe(
                                    candidates.subList(0, Math.min(3, candidates.size())),
                                    sample.size())
                            + ". "
                            + howToChoose());
        }
        List<Candidate> tied =
                candidates.stream()
                        .filter(c -> c.fitting == best.fitting)
                        .collect(Collectors.toList());
        List<Candidate> undominated =
                tied.stream()
                        .filter(c -> tied.stream().noneMatch(other -> other.dominates(c)))
                        .collect(Collectors.toList());
        if (undominated.size() > 1) {
            throw new FormatDetectionException(
                    "the format of "
                            + source
                            + " is ambiguous: "
                            + describe(undominated, sample.size())
                            + " read its first lines differently. "
                            + howToChoose());
        }
        Candidate chosen = undominated.get(0);
        return new FormatDetection(
                source, chosen.definition, chosen.format, chosen.fitting, sample.size());
    }

    private static Candidate read(
            FormatDefinition definition, int order, List<byte[]> sample, ParserContext context) {
        LogFormat format = definition.create(FormatOptions.none());
        LogParser parser = format.newParser(context);
        Candidate candidate = new Candidate(definition, format, order);
        boolean afterEvent = false;
        for (byte[] line : sample) {
            LogEvent event = parser.tryParse(line, 0, line.length, "sample", 0);
            candidate.events.add(event == null ? null : fieldsOf(event));
            if (event != null) {
                afterEvent = true;
                candidate.fitting++;
            } else if (format.multiLine() && afterEvent && isStackTraceLine(line)) {
                candidate.fitting++;
            }
        }
        return candidate;
    }

    private static Map<String, Object> fieldsOf(LogEvent event) {
        Map<String, Object> fields = new HashMap<>();
        for (Field field : Field.values()) {
            if (field != Field.EXTRA && event.has(field)) {
                fields.put(field.jsonName(), event.value(field));
            }
        }
        event.extra().forEach((key, value) -> fields.put("extra." + key, value));
        return fields;
    }

    private static boolean isStackTraceLine(byte[] line) {
        return STACK_TRACE_LINE.matcher(new String(line, StandardCharsets.UTF_8)).matches();
    }

    private static boolean isBlank(byte[] line) {
        for (byte b : line) {
            if (b != ' ' && b != '\t' && b != '\r') {
                return false;
            }
        }
        return true;
    }

    private static String describe(List<Candidate> candidates, int lines) {
        return candidates.stream()
                .map(c -> c.definition.name() + " (" + c.fitting + " of " + lines + " lines)")
                .collect(Collectors.joining(", "));
    }

    private String howToChoose() {
        return "Pass --format with one of: "
                + registry.names()
                + " (log4j, regex, apache and nginx take --pattern).";
    }

    /** A format's reading of the sample. */
    private static final class Candidate {
        final FormatDefinition definition;
        final LogFormat format;

        /** Position of the format in the registry. */
        final int order;

        /** Per sample line, the fields read, or null when the line is no event. */
        final List<Map<String, Object>> events = new ArrayList<>();

        int fitting;

        Candidate(FormatDefinition definition, LogFormat format, int order) {
            this.definition = definition;
            this.format = format;
            this.order = order;
        }

        /**
         * Whether this reading is as good as the other's and keeps all its fields with the same
         * values on every line; of two identical readings the one listed first dominates.
         */
        boolean dominates(Candidate other) {
            if (other == this) {
                return false;
            }
            if (definition.refines(other.definition.name())) {
                return true;
            }
            boolean larger = false;
            for (int i = 0; i < events.size(); i++) {
                Map<String, Object> mine = events.get(i);
                Map<String, Object> theirs = other.events.get(i);
                if (theirs == null) {
                    continue;
                }
                if (mine == null || !containsAll(mine, theirs)) {
                    return false;
                }
                larger |= mine.size() > theirs.size();
            }
            return larger || order < other.order;
        }

        private static boolean containsAll(Map<String, Object> mine, Map<String, Object> theirs) {
            for (Map.Entry<String, Object> entry : theirs.entrySet()) {
                if (!mine.containsKey(entry.getKey())
                        || !Objects.equals(mine.get(entry.getKey()), entry.getValue())) {
                    return false;
                }
            }
            return true;
        }
    }
}
