package dev.logslice.format.detect;

import dev.logslice.connector.io.Compression;
import dev.logslice.format.AnsiEscapes;
import dev.logslice.format.ByteSpan;
import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParserContext;
import dev.logslice.format.Severity;
import dev.logslice.format.multiline.EventAssembler;
import dev.logslice.format.registry.FormatDefinition;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Chooses the format of a file from its first lines ({@code --format auto}). Each detectable format
 * reads the sample; one fits when it reads most of the lines (more than {@value #FIT_PERCENT}%; for
 * multi-line formats, lines that look like continuations count after an event), and the lines it
 * does not read are the file's malformed lines. Of the best fitting formats, one that reads every
 * line as another does but with more fields wins (combined over common), also when it misses one
 * line the other reads; formats that read the lines differently are ambiguous.
 */
public final class FormatDetector {
    static final int FIT_PERCENT = 50;
    private static final int SAMPLE_LINES = 100;
    private static final int SAMPLE_BYTES = 256 * 1024;
    private static final String REGEX_EXAMPLE =
            "--format regex --pattern '(?<timestamp>\\S+ \\S+) (?<level>\\w+) (?<message>.*)'"
                    + " --time-format 'yyyy-MM-dd HH:mm:ss'";

    /** An access log line that starts with an X-Forwarded-For list where combined has a client. */
    private static final Pattern FORWARDED_FOR_FIRST =
            Pattern.compile("^[0-9A-Fa-f.:]+(?:, ?[0-9A-Fa-f.:]+)+ \\S+ \\S+ \\[");

    /**
     * A common log line with more after its byte count that is no referrer (a time served, a host):
     * common stops at the byte count, so that it never reads a combined line and drops its referrer
     * and agent.
     */
    private static final Pattern COMMON_AND_MORE =
            Pattern.compile(
                    "^\\S+ \\S+ .*?\\[[^\\]]+\\] \"[^\"]*\" \\d{3} (?:\\d+|-) ([^\"\\s]\\S*)");

    private final FormatRegistry registry;

    /**
     * The registry's formats, each made on its first detection and kept for the next: making them
     * (layouts, nested formats' inner lists) was most of a detection's time, 18 s of a folder of
     * 1,000 small files. Formats are immutable; one is made twice at worst when threads race.
     */
    private final LogFormat[] formats;

    public FormatDetector(FormatRegistry registry) {
        this.registry = registry;
        this.formats = new LogFormat[registry.definitions().size()];
    }

    /** The format of a file, from its first lines; the reference time is its mtime. */
    public FormatDetection detect(Path file, ZoneId zone)
            throws IOException, FormatDetectionException {
        Compression unnamed = compressionItsNameDoesNotTell(file);
        if (unnamed.isCompressed()) {
            throw new FormatDetectionException(
                    file
                            + " is "
                            + unnamed.displayName()
                            + "-compressed, which its name does not say: name it with "
                            + unnamed.extension()
                            + ", or pipe it in as - (standard input is decompressed)",
                    "compressed");
        }
        LineSample sample = LineSample.read(file, SAMPLE_LINES, SAMPLE_BYTES);
        switch (sample.content()) {
            case UTF_16:
                throw new FormatDetectionException(
                        file
                                + " is UTF-16 text (its byte order mark says so); logslice reads"
                                + " UTF-8: convert it first (iconv -f UTF-16 -t UTF-8)",
                        "UTF-16");
            case BINARY:
                throw new FormatDetectionException(
                        file
                                + " is binary (a NUL byte in its first "
                                + LineSample.BINARY_PROBE_BYTES
                                + " bytes), not a text log",
                        "binary");
            case CR_LINE_ENDS:
                throw crLineEnds(file);
            default:
                break;
        }
        return detect(file.toString(), sample.lines(), ParserContext.forFile(file, zone));
    }

    /**
     * Why a file whose lines end with CR alone is refused (a named format too would read it as one
     * line and keep only its first record); empty for any other file, a corrupt one too, which the
     * source reports as it reads it.
     */
    public static Optional<String> crLineEndsRefusal(Path file) throws IOException {
        try {
            // The first 8 KiB tell LF from CR ends: no reading of a whole sample per file, which
            // a named format over a folder of thousands would pay for on every run.
            return LineSample.read(file, 1, LineSample.BINARY_PROBE_BYTES).content()
                            == LineSample.Content.CR_LINE_ENDS
                    ? Optional.of(crLineEnds(file).getMessage())
                    : Optional.empty();
        } catch (FormatDetectionException corrupt) {
            return Optional.empty();
        }
    }

    /**
     * The compression of a file whose name does not tell it ({@code access.log.1} gzipped by hand),
     * from its first bytes; {@link Compression#NONE} for any other file. Read as text, its bytes
     * would be garbage lines.
     */
    private static Compression compressionItsNameDoesNotTell(Path file) throws IOException {
        if (Compression.ofFileName(file.getFileName().toString()).isCompressed()) {
            return Compression.NONE;
        }
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(Compression.MAGIC_BYTES);
        }
        return Compression.ofFirstBytes(head, head.length);
    }

    private static FormatDetectionException crLineEnds(Path file) {
        return new FormatDetectionException(
                file
                        + " ends its lines with CR alone (classic Mac OS), which logslice"
                        + " does not read as line ends: convert it first (tr '\\r'"
                        + " '\\n')",
                "CR line ends");
    }

    /** The format of lines from {@code source} (a name for messages). */
    public FormatDetection detect(String source, List<byte[]> lines, ParserContext context)
            throws FormatDetectionException {
        List<byte[]> sample =
                lines.stream().filter(line -> !isBlank(line)).collect(Collectors.toList());
        if (sample.isEmpty()) {
            throw new FormatDetectionException(
                    source + " has no lines to detect its format from; " + howToChoose(),
                    "no lines");
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
        if (best.fitting * 100 <= FIT_PERCENT * sample.size()) {
            throw new FormatDetectionException(
                    noFormatFits(source, sample, candidates), "no known format");
        }
        List<Candidate> tied =
                candidates.stream()
                        .filter(c -> c.fitting == best.fitting)
                        .collect(Collectors.toList());
        List<Candidate> undominated =
                tied.stream()
                        .filter(c -> tied.stream().noneMatch(other -> other.dominates(c)))
                        .collect(Collectors.toList());
        if (undominated.size() != 1) {
            throw new FormatDetectionException(
                    "the format of "
                            + source
                            + " is ambiguous: "
                            + describe(undominated.isEmpty() ? tied : undominated, sample.size())
                            + " read its first lines differently. "
                            + howToChoose(),
                    "ambiguous format");
        }
        Candidate chosen =
                richerReadingMissingOneLine(undominated.get(0), candidates, sample.size());
        return new FormatDetection(
                source, chosen.definition, chosen.format, chosen.fitting, sample.size());
    }

    /**
     * A reading that keeps all fields of the chosen one with more, on every line but one that it
     * does not read: a combined log with one line cut short (a truncated last line, a quote in a
     * user agent) is read as combined with one malformed line, where common would read every line
     * and silently drop every referrer and user agent. One line only: a reading that misses more
     * would leave out events the fuller one counts.
     */
    private static Candidate richerReadingMissingOneLine(
            Candidate chosen, List<Candidate> candidates, int lines) {
        return candidates.stream()
                .filter(c -> c.fitting * 100 > FIT_PERCENT * lines)
                .filter(c -> c.extendsMissingOneLine(chosen))
                .findFirst()
                .orElse(chosen);
    }

    /**
     * The file's first line (escaped: log content may hold terminal controls), the formats that
     * read any of the sample with their shares, and how to describe a layout of one's own.
     */
    private String noFormatFits(String source, List<byte[]> sample, List<Candidate> candidates) {
        byte[] first = sample.get(0);
        String firstLine = MalformedLine.of(source, 0, "", first, 0, first.length).visibleSample();
        List<Candidate> partial = candidates.stream().filter(c -> c.fitting > 0).limit(3).toList();
        return "no format fits the first "
                + sample.size()
                + " lines of "
                + source
                + ", which starts \""
                + firstLine
                + "\"; "
                + (partial.isEmpty()
                        ? "no known format reads any of them"
                        : "closest: " + describe(partial, sample.size()))
                + customLevelsHint(source, sample.size(), candidates)
                + layoutHint(new String(first, StandardCharsets.UTF_8))
                + ". "
                + howToChoose();
    }

    /** How to read the file with a layout of one's own, the one it seems to have if known. */
    private static String layoutHint(String firstLine) {
        Matcher commonAndMore = COMMON_AND_MORE.matcher(firstLine);
        if (commonAndMore.find()) {
            return ". Its lines are Apache's common layout with more after the byte count (\""
                    + commonAndMore.group(1)
                    + "\"), which common does not read: name those fields, e.g. --format apache"
                    + " --pattern '%h %l %u %t \"%r\" %>s %b %D' (%D: microseconds served;"
                    + " see the README for the directives)";
        }
        if (!FORWARDED_FOR_FIRST.matcher(firstLine).find()) {
            return ". For a layout of your own: " + REGEX_EXAMPLE;
        }
        String headers =
                firstLine.stripTrailing().endsWith("\"")
                        ? " \"%{Referer}i\" \"%{User-agent}i\""
                        : "";
        return ". Its lines start with a list of addresses, as X-Forwarded-For holds them, where"
                + " an access log has its client: --format apache --pattern '%{X-Forwarded-For}i"
                + " %l %u %t \"%r\" %>s %b"
                + headers
                + "' reads them, the first address as the client";
    }

    /**
     * Where a format whose level is any word would fit but for levels of no known name: that the
     * file may use custom levels, which a named format reads.
     */
    private static String customLevelsHint(String source, int lines, List<Candidate> candidates) {
        return candidates.stream()
                .filter(c -> (c.fitting + c.unknownLevels) * 100 > FIT_PERCENT * lines)
                // Of as many, one that reads more precisely than another (Hadoop's thread and
                // logger where a classic layout sees a logger in brackets).
                .max(
                        Comparator.comparingInt((Candidate c) -> c.unknownLevels)
                                .thenComparing(
                                        c ->
                                                candidates.stream()
                                                        .anyMatch(
                                                                other ->
                                                                        c.definition.refines(
                                                                                other.definition
                                                                                        .name()))))
                .map(
                        c -> {
                            byte[] level = c.firstUnknownLevel.getBytes(StandardCharsets.UTF_8);
                            return "; "
                                    + c.definition.name()
                                    + " would read "
                                    + (c.fitting + c.unknownLevels)
                                    + " of them but "
                                    + c.unknownLevels
                                    + " have a level of no known name (\""
                                    + MalformedLine.of(source, 0, "", level, 0, level.length)
                                            .visibleSample()
                                    + "\"): if those are levels of the log's own, pass --format "
                                    + c.definition.name();
                        })
                .orElse("");
    }

    private Candidate read(
            FormatDefinition definition, int order, List<byte[]> sample, ParserContext context) {
        LogFormat format = formats[order];
        if (format == null) {
            format = definition.create(FormatOptions.none());
            formats[order] = format;
        }
        LogParser parser = format.newParser(context);
        Candidate candidate = new Candidate(definition, format, order);
        boolean afterEvent = false;
        ByteSpan scratch = new ByteSpan();
        for (byte[] raw : sample) {
            // As the source reads it: without the colours a terminal would show.
            byte[] line = AnsiEscapes.strip(raw);
            LogEvent event = parser.tryParse(line, 0, line.length, "sample", 0);
            if (event != null
                    && definition.isDetectedByKnownLevels()
                    && event.level() != null
                    && Severity.of(event.level()) == null) {
                candidate.unknownLevel(event.level());
                event = null;
            }
            candidate.events.add(event == null ? null : fieldsOf(event));
            if (event != null) {
                afterEvent = true;
                candidate.fitting++;
            } else if (afterEvent
                    && EventAssembler.continues(format, parser, line, 0, line.length, scratch)) {
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

    /** Not the whole list: with 90 formats named, the one line of an error was 1,000 long. */
    private static String howToChoose() {
        return "Pass --format with one of those 'logslice formats' lists (log4j, regex, apache and"
                + " nginx take --pattern).";
    }

    /** See {@link Candidate#coverage}. */
    private record Coverage(int missed, boolean larger) {}

    /** A format's reading of the sample. */
    private static final class Candidate {
        final FormatDefinition definition;
        final LogFormat format;

        /** Position of the format in the registry. */
        final int order;

        /** Per sample line, the fields read, or null when the line is no event. */
        final List<Map<String, Object>> events = new ArrayList<>();

        int fitting;

        /** Lines read but for a level of no known name, which detection does not count. */
        int unknownLevels;

        @Nullable String firstUnknownLevel;

        Candidate(FormatDefinition definition, LogFormat format, int order) {
            this.definition = definition;
            this.format = format;
            this.order = order;
        }

        void unknownLevel(String level) {
            if (unknownLevels++ == 0) {
                firstUnknownLevel = level;
            }
        }

        /**
         * Whether this reading is as good as the other's and keeps all its fields with the same
         * values on every line, or refines it, or the other is a fallback; of two identical
         * readings the one listed first dominates.
         */
        boolean dominates(Candidate other) {
            if (other == this) {
                return false;
            }
            if (definition.refines(other.definition.name())
                    || (other.definition.isFallback() && !definition.isFallback())) {
                return true;
            }
            // kubectl's time before a message that .NET's layout reads again keeps all of that
            // reading and more: a fallback must not dominate what dominates it.
            if (definition.isFallback() && !other.definition.isFallback()) {
                return false;
            }
            Coverage coverage = coverage(other);
            return coverage != null
                    && coverage.missed() == 0
                    && (coverage.larger() || order < other.order);
        }

        /**
         * Whether this reading misses exactly one line the other reads and, on every other line it
         * reads, keeps all of the other's fields with the same values, and more on some.
         */
        boolean extendsMissingOneLine(Candidate other) {
            if (other == this || definition.isFallback()) {
                return false;
            }
            Coverage coverage = coverage(other);
            return coverage != null && coverage.missed() == 1 && coverage.larger();
        }

        /**
         * How this reading covers the other's: how many lines the other reads that this does not,
         * and whether this keeps more fields on some line; null when, on a line both read, this
         * lacks a field of the other's or has another value for it.
         */
        @Nullable
        private Coverage coverage(Candidate other) {
            int missed = 0;
            boolean larger = false;
            for (int i = 0; i < events.size(); i++) {
                Map<String, Object> mine = events.get(i);
                Map<String, Object> theirs = other.events.get(i);
                if (theirs == null) {
                    continue;
                }
                if (mine == null) {
                    missed++;
                } else if (!containsAll(mine, theirs)) {
                    return null;
                } else {
                    larger |= mine.size() > theirs.size();
                }
            }
            return new Coverage(missed, larger);
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
