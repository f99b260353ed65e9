package dev.logslice.stats;

import dev.logslice.connector.io.LocalPaths;
import dev.logslice.connector.runtime.SketchMemory;
import dev.logslice.connector.source.SplitReport;
import dev.logslice.format.Severity;

import org.apache.datasketches.hll.TgtHllType;
import org.apache.datasketches.hll.Union;
import org.apache.datasketches.kll.KllDoublesSketch;
import org.apache.datasketches.memory.Memory;
import org.apache.datasketches.quantilescommon.QuantileSearchCriteria;

import javax.annotation.Nullable;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * What the stats job knows about part of the input: exact counters where they are cheap, sketches
 * where they are not. Each reader folds its lines into one; partials merge into the report.
 *
 * <p>Values are folded as bytes into exact counts first ({@link ByteCounts}), which reach the maps
 * and sketches once per distinct value when they fill up and before the partial is read: a reader
 * makes no {@code String} and no sketch update per line. Top-N counts still pending travel and
 * merge as they are, so that a value reaches a sketch once, where the partials meet, not once per
 * hop.
 */
public final class LogStats {
    static {
        SketchMemory.load();
    }

    /**
     * 3: split reports carry compression, bytes, growth and skip reason; exact clients. 4: and the
     * files of a split that packs several. 5: top-N values not yet in their sketch travel as their
     * exact counts. 6: events per file. 7: top classes and message templates, top values of the
     * fields of {@code --top-field}, the panels each file fed. 8: bytes, time served and visitors
     * per top-N row (pending too); visitors, hits and bytes per day; the panels of issue 18 (those
     * derived from other panels at report time do not travel). 12: the events of each distinct
     * agent and the referring sites, counted as the agents and referrers drain; the events with a
     * response size.
     */
    private static final int VERSION = 14;

    private static final int HLL_LG_K = 14;

    /**
     * Distinct agents counted exactly for their classes: a few MiB, far more than the agents ever
     * parsed ({@link UserAgents#MAX_AGENTS}), so those are the ones with the most events.
     */
    private static final int MAX_EXACT_AGENTS = 1 << 16;

    private static final int MAX_SAMPLES = 20;

    /** Distinct clients counted exactly; beyond, the HyperLogLog estimate is reported. */
    private static final int MAX_EXACT_CLIENTS = 1 << 16;

    /** Status codes counted in an array while folding; any other code goes to the map at once. */
    private static final int COMMON_STATUS_CODES = 600;

    /** Where a level's events without a time are counted, after its 24 hours. */
    private static final int UNTIMED = 24;

    /** Ends the level in a by-level panel's value: a control byte no level name holds. */
    private static final byte LEVEL_END = 0x1f;

    private long lines;
    private long bytes;
    private long events;
    private long malformed;

    /** Lines of nothing but spaces and tabs outside any event: no event, nothing lost. */
    private long blankLines;

    /** Events the filters given left out ({@code stats --level error}): read, not reported on. */
    private long filteredEvents;

    private long oversized;
    private long responseBytes;

    /** Events that logged a response size: none when the format has no such field. */
    private long eventsWithResponseBytes;

    private boolean timed;
    private long firstEpochSecond;
    private long lastEpochSecond;
    private final TreeMap<Integer, Long> status = new TreeMap<>();
    private final TreeMap<String, Long> methods = new TreeMap<>();
    private final TreeMap<String, Long> protocols = new TreeMap<>();

    /**
     * Per level: its events in each hour of the day (UTC) over all days, then at {@link #UNTIMED}
     * those without a time; a level's count is their sum.
     */
    private final TreeMap<String, long[]> levels = new TreeMap<>();

    /** The hour of the day (UTC) of the event being folded; -1 when it has no time. */
    private int eventHour = -1;

    /** Where a by-level panel's value is put after its level ({@link #addByLevel}). */
    private byte[] levelValue = new byte[256];

    private final TreeMap<String, Long> malformedByFile = new TreeMap<>();
    private final TreeMap<String, Long> eventsByFile = new TreeMap<>();

    /**
     * Lines per file (its name as the source gives it) where no split report tells: follow mode.
     */
    private final TreeMap<String, Long> linesByFile = new TreeMap<>();

    private final EnumMap<Panel, TopItems> top = new EnumMap<>(Panel.class);

    /**
     * Panels made at report time from the counts of another ({@link #sourceOf}), none per line;
     * forgotten when their source changes.
     */
    private final EnumMap<Panel, TopItems> derived = new EnumMap<>(Panel.class);

    /**
     * Events per distinct user agent, exact, from the agents' counts as they drain (not from their
     * sketch, which past its exact range drops most agents and overcounts the rest), for the
     * agents' classes; up to {@link #MAX_EXACT_AGENTS} agents, the events of agents past that in
     * {@link #agentEventsPastBound}.
     */
    private final HashMap<String, Long> agentCounts = new HashMap<>();

    private long agentEventsPastBound;

    /**
     * Events by browser, system, device class and crawler ({@link UserAgents}): [browsers, systems,
     * devices, crawlers], made at report time from {@link #agentCounts}; null until asked for, and
     * when they change.
     */
    @Nullable private List<TreeMap<String, Long>> agentClasses;

    /** Scratch for the sites of referrers ({@link #referringSite}). */
    private final ReferringSite sites = new ReferringSite();

    /** What tells static requests from pages, at report time ({@code --static-extensions}). */
    private StaticFiles staticFiles = StaticFiles.of(StaticFiles.DEFAULT_EXTENSIONS);

    /** Top values of the fields named by {@code --top-field}, by name. */
    private final TreeMap<String, TopItems> topFields = new TreeMap<>();

    /** Per file (as events name it): the {@link Panel}s its events fed, one bit each. */
    private final TreeMap<String, Integer> panelsByFile = new TreeMap<>();

    private Union uniqueClients = new Union(HLL_LG_K);

    /** The distinct clients while there are at most {@link #MAX_EXACT_CLIENTS}; then null. */
    @Nullable private Set<String> exactClients = new HashSet<>();

    private KllDoublesSketch requestTimes = KllDoublesSketch.newHeapInstance();
    private Timeline timeline = new Timeline();
    private final List<MalformedSample> malformedSamples = new ArrayList<>();

    /** Multi-line events cut at their bounds, with the first few as samples. */
    private long cutEvents;

    private final List<MalformedSample> cutEventSamples = new ArrayList<>();
    private final List<SplitReport> splits = new ArrayList<>();

    private final long[] pendingStatus = new long[COMMON_STATUS_CODES];
    private final EnumMap<Panel, ByteCounts> pendingTop = new EnumMap<>(Panel.class);
    private final TreeMap<String, ByteCounts> pendingFields = new TreeMap<>();
    private final ByteCounts pendingMethods = new ByteCounts();
    private final ByteCounts pendingProtocols = new ByteCounts();
    private final ValueCut valueCut = new ValueCut();
    private DailyVisitors dailyVisitors = new DailyVisitors();

    /**
     * What the current event adds to the rows it feeds ({@link #setRowContext}): response bytes and
     * time served (µs), -1 when it has none, and its visitor's hash, 0 when it has no client.
     */
    private boolean rowContext;

    /**
     * Whether values' rows get their bytes, time served and visitors ({@code stats --row-totals}):
     * they double the fold's CPU time on an access log, so the command asks for them.
     */
    private boolean rowTotals = true;

    private long rowBytes = -1;
    private long rowTimeMicros = -1;
    private long rowVisitor;

    public LogStats() {
        for (Panel panel : Panel.values()) {
            top.put(panel, new TopItems());
            pendingTop.put(panel, new ByteCounts());
        }
    }

    // ---- folding

    public void addLine(long lineBytes) {
        lines++;
        bytes += lineBytes;
    }

    /** Lines counted together: a followed multi-line event's, once it is out. */
    public void addLines(long count, long linesBytes) {
        lines += count;
        bytes += linesBytes;
    }

    /** An event without a time. */
    public void addUntimedEvent() {
        events++;
        eventHour = -1;
    }

    /** An event at its time; errors are 5xx responses or ERROR-and-worse. */
    public void addEvent(long epochSecond, boolean error) {
        events++;
        eventHour = (int) (Math.floorMod(epochSecond, 86_400L) / 3600);
        timeline.add(epochSecond, error);
        if (!timed) {
            timed = true;
            firstEpochSecond = epochSecond;
            lastEpochSecond = epochSecond;
        } else {
            firstEpochSecond = Math.min(firstEpochSecond, epochSecond);
            lastEpochSecond = Math.max(lastEpochSecond, epochSecond);
        }
    }

    public void addStatus(int code) {
        if (code >= 0 && code < COMMON_STATUS_CODES) {
            pendingStatus[code]++;
        } else {
            status.merge(code, 1L, Long::sum);
        }
    }

    /** The method in {@code b[start, end)}, UTF-8. */
    public void addMethod(byte[] b, int start, int end) {
        countShort(pendingMethods, b, start, end);
    }

    /** The protocol in {@code b[start, end)}, UTF-8. */
    public void addProtocol(byte[] b, int start, int end) {
        countShort(pendingProtocols, b, start, end);
    }

    /** The level of the event last added ({@link #addEvent}, {@link #addUntimedEvent}). */
    public void addLevel(String level) {
        levels.computeIfAbsent(level, l -> new long[UNTIMED + 1])[
                eventHour >= 0 ? eventHour : UNTIMED]++;
    }

    /**
     * A value of a by-level panel ({@link Panel#BY_LEVEL}): {@code value[start, end)} of events at
     * the level whose UTF-8 name is {@code level}. Kept as the level, {@link #LEVEL_END}, then the
     * value: one count per pair, split again at report time.
     */
    public void addByLevel(Panel panel, byte[] level, byte[] value, int start, int end) {
        int length = level.length + 1 + end - start;
        if (length > levelValue.length) {
            levelValue = new byte[Math.max(length, 2 * levelValue.length)];
        }
        for (int i = 0; i < level.length; i++) {
            // A level holding the separator (a JSON log's level is any text) keeps its length.
            levelValue[i] = level[i] == LEVEL_END ? (byte) '?' : level[i];
        }
        levelValue[level.length] = LEVEL_END;
        System.arraycopy(value, start, levelValue, level.length + 1, end - start);
        countShort(pendingTop.get(panel), levelValue, 0, length);
    }

    /**
     * Sets what each value the current event adds to a panel also adds to that value's row: its
     * response bytes and time served in µs (-1 when it has none) and its visitor's hash ({@link
     * Visitors#hash}, 0 when it has no client). Holds until the next call.
     */
    public void setRowContext(long responseBytes, long timeMicros, long visitor) {
        rowBytes = responseBytes;
        rowTimeMicros = timeMicros;
        rowVisitor = visitor;
        rowContext = responseBytes >= 0 || timeMicros >= 0 || visitor != 0;
    }

    /**
     * The client {@code b[start, end)} and, unless {@code agentStart < 0}, the user agent {@code
     * agent[agentStart, agentEnd)} of an event (UTF-8), on the UTC day of {@code epochSecond} when
     * {@code timed}: counted in their panels, and as the event's visitor ({@link Visitors#hash},
     * from the hashes their counts took), for the rows the event feeds next and the day's visitors.
     * Comes after {@link #setRowContext}, whose visitor it sets.
     */
    public void addVisitor(
            byte[] b,
            int start,
            int end,
            byte[] agent,
            int agentStart,
            int agentEnd,
            boolean timed,
            long epochSecond) {
        ByteCounts clients = pendingTop.get(Panel.CLIENTS);
        ByteCounts agents = pendingTop.get(Panel.USER_AGENTS);
        // Both before either add: a drain between them would lose the first one's index.
        if (clients.isFull() || agents.isFull()) {
            flush();
        }
        int client = addShort(clients, b, start, end);
        long clientHash = clients.lastHash();
        int agentIndex = agentStart < 0 ? -1 : addShort(agents, agent, agentStart, agentEnd);
        long agentHash = agentStart < 0 ? 0 : agents.lastHash();
        long day = timed ? DailyVisitors.dayOf(epochSecond) : 0;
        setRowContext(rowBytes, rowTimeMicros, Visitors.hash(clientHash, agentHash, day));
        addToRow(clients, client);
        if (agentIndex >= 0) {
            addToRow(agents, agentIndex);
        }
        if (timed) {
            dailyVisitors.add(day, rowVisitor, rowBytes);
        }
    }

    public void add(Panel panel, String value) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        add(panel, bytes, 0, bytes.length);
    }

    /**
     * A value of a top-N panel in {@code b[start, end)}, UTF-8; a client also counts towards the
     * unique clients.
     */
    public void add(Panel panel, byte[] b, int start, int end) {
        ByteCounts counts = pendingTop.get(panel);
        addToRow(counts, countShort(counts, b, start, end));
    }

    /** Rows without bytes, time served or visitors: {@link #rowTotals} is then null throughout. */
    public void skipRowTotals() {
        rowTotals = false;
    }

    /** Adds the current event's bytes, time served and visitor to value {@code index}'s row. */
    private void addToRow(ByteCounts counts, int index) {
        if (rowContext && rowTotals) {
            counts.addToRow(index, rowBytes, rowTimeMicros, rowVisitor);
        }
    }

    /**
     * A value of the field {@code name} of {@code --top-field}, in {@code b[start, end)}, UTF-8.
     */
    public void addField(String name, byte[] b, int start, int end) {
        ByteCounts counts = pendingFields.get(name);
        if (counts == null) {
            counts = new ByteCounts();
            pendingFields.put(name, counts);
        }
        countShort(counts, b, start, end);
    }

    /** The panels ({@code 1 << panel.ordinal()}) that events of {@code file} fed. */
    public void addFilePanels(String file, int panels) {
        if (panels != 0) {
            panelsByFile.merge(file, panels, (a, b) -> a | b);
        }
    }

    /**
     * Counts one occurrence of a value as read, cut first when it is too long to keep; returns its
     * index in {@code counts}.
     */
    private int countShort(ByteCounts counts, byte[] b, int start, int end) {
        if (counts.isFull()) {
            flush();
        }
        return addShort(counts, b, start, end);
    }

    /** {@link #countShort} where the caller has made sure {@code counts} has room. */
    private int addShort(ByteCounts counts, byte[] b, int start, int end) {
        if (end - start > ValueCut.MAX_BYTES) {
            return counts.add(valueCut.bytes(), 0, valueCut.cut(b, start, end), 1);
        }
        return counts.add(b, start, end, 1);
    }

    private int count(ByteCounts counts, byte[] b, int start, int end, long count) {
        if (counts.isFull()) {
            flush();
        }
        return counts.add(b, start, end, count);
    }

    /** Moves the pending exact counts into the maps and sketches. */
    private void flush() {
        flushCounters();
        if (!derived.isEmpty()) {
            for (Panel source : List.of(Panel.PATHS, Panel.REFERRERS)) {
                if (!pendingTop.get(source).isEmpty()) {
                    forgetDerived();
                }
            }
        }
        pendingTop.keySet().forEach(this::drain);
        pendingFields.forEach(
                (name, counts) ->
                        counts.drain(
                                (value, count) ->
                                        topFields
                                                .computeIfAbsent(name, k -> new TopItems())
                                                .add(value, count)));
    }

    /** Moves the pending status, method and protocol counts into their maps. */
    private void flushCounters() {
        for (int code = 0; code < COMMON_STATUS_CODES; code++) {
            if (pendingStatus[code] > 0) {
                status.merge(code, pendingStatus[code], Long::sum);
                pendingStatus[code] = 0;
            }
        }
        pendingMethods.drain((method, count) -> methods.merge(method, count, Long::sum));
        pendingProtocols.drain((protocol, count) -> protocols.merge(protocol, count, Long::sum));
    }

    /**
     * Moves a panel's pending counts into its sketch; clients also into the unique clients, so a
     * pending client is one not counted there yet.
     */
    private void drain(Panel panel) {
        pendingTop
                .get(panel)
                .drainInto(
                        top.get(panel),
                        switch (panel) {
                            // Sets: one update per distinct client is the same.
                            case CLIENTS ->
                                    (client, count) -> {
                                        uniqueClients.update(client);
                                        addExactClient(client);
                                    };
                            case REFERRERS -> this::addReferringSite;
                            case USER_AGENTS -> this::addAgentEvents;
                            default -> null;
                        });
    }

    /**
     * The site of a referrer, counted with the referrer's exact count over a stretch: once per
     * distinct referrer, not per line, and as exact as the sites' own sketch. Summed from the
     * referrers' estimates at report time instead, a site of many referrers added up their errors
     * past the referrers' exact range (a site listed at 246 events had 20).
     */
    private void addReferringSite(String referrer, long count) {
        String site = referringSite(referrer);
        if (site != null) {
            top.get(Panel.REFERRING_SITES).add(site, count);
        }
    }

    private void forgetDerived() {
        derived.clear();
    }

    /**
     * The panel a panel is made from at report time (referring sites: only their rows, as their
     * counts come with the referrers' drains), or null for one counted per line.
     */
    @Nullable
    private static Panel sourceOf(Panel panel) {
        return switch (panel) {
            case REFERRING_SITES -> Panel.REFERRERS;
            case STATIC_REQUESTS -> Panel.PATHS;
            default -> null;
        };
    }

    /** Tells static requests from pages by {@code files} ({@code --static-extensions}). */
    public void setStaticFiles(StaticFiles files) {
        staticFiles = files;
        derived.remove(Panel.STATIC_REQUESTS);
    }

    /** A panel's values and rows: counted, or derived from its source's. */
    private TopItems items(Panel panel) {
        flush();
        Panel source = sourceOf(panel);
        if (source == null) {
            return top.get(panel);
        }
        TopItems items = derived.get(panel);
        if (items == null) {
            items =
                    panel == Panel.STATIC_REQUESTS
                            ? top.get(source).derive(this::staticRequest)
                            : top.get(source).rowsFor(top.get(panel), this::referringSite);
            derived.put(panel, items);
        }
        return items;
    }

    @Nullable
    private String staticRequest(String path) {
        byte[] b = path.getBytes(StandardCharsets.UTF_8);
        return staticFiles.matches(b, 0, b.length) ? path : null;
    }

    @Nullable
    private String referringSite(String referrer) {
        byte[] b = referrer.getBytes(StandardCharsets.UTF_8);
        int length = sites.of(b, 0, b.length);
        return length == 0 ? null : new String(sites.bytes(), 0, length, StandardCharsets.UTF_8);
    }

    private void addAgentEvents(String userAgent, long count) {
        if (agentCounts.size() < MAX_EXACT_AGENTS || agentCounts.containsKey(userAgent)) {
            agentCounts.merge(userAgent, count, Long::sum);
        } else {
            agentEventsPastBound += count;
        }
        agentClasses = null;
    }

    /**
     * Browsers, systems, device classes and crawlers: the agents parsed most events first (ties by
     * value, so that the same input gives the same classes), each distinct agent once per JVM and
     * at most {@link UserAgents#MAX_AGENTS}; the events of agents past that count as not
     * classified.
     */
    private List<TreeMap<String, Long>> agentClasses() {
        flush();
        if (agentClasses == null) {
            List<TreeMap<String, Long>> classes =
                    List.of(new TreeMap<>(), new TreeMap<>(), new TreeMap<>(), new TreeMap<>());
            List<Map.Entry<String, Long>> agents = new ArrayList<>(agentCounts.entrySet());
            agents.sort(
                    Map.Entry.<String, Long>comparingByValue()
                            .reversed()
                            .thenComparing(Map.Entry.comparingByKey()));
            for (Map.Entry<String, Long> entry : agents) {
                addClasses(classes, UserAgents.of(entry.getKey()), entry.getValue());
            }
            if (agentEventsPastBound > 0) {
                addClasses(classes, UserAgents.NOT_PARSED, agentEventsPastBound);
            }
            agentClasses = classes;
        }
        return agentClasses;
    }

    private static void addClasses(
            List<TreeMap<String, Long>> classes, UserAgents.Agent agent, long count) {
        if (agent.bot()) {
            classes.get(3).merge(agent.browser(), count, Long::sum);
        } else {
            classes.get(0).merge(agent.browser(), count, Long::sum);
            classes.get(1).merge(agent.os(), count, Long::sum);
        }
        classes.get(2).merge(agent.deviceClass(), count, Long::sum);
    }

    public void addResponseBytes(long responseSize) {
        responseBytes += responseSize;
        eventsWithResponseBytes++;
    }

    public void addRequestTime(double seconds) {
        requestTimes.update(seconds);
    }

    /** Events of one file counted by the caller (a map update per event would cost). */
    public void addFileEvents(String file, long fileEvents) {
        eventsByFile.merge(file, fileEvents, Long::sum);
    }

    /**
     * Lines of one file counted by the caller: in follow mode, where a split is read on and on and
     * its report comes at its end, if ever.
     */
    public void addFileLines(String file, long fileLines) {
        linesByFile.merge(file, fileLines, Long::sum);
    }

    public void addMalformed(MalformedSample sample) {
        malformed++;
        malformedByFile.merge(sample.file(), 1L, Long::sum);
        addSample(malformedSamples, sample);
    }

    /**
     * Names files as {@code names} says, given by their plain paths: a copy of standard input or of
     * a pipe ({@code stats -}) by the name the user gave, not by its path in the cache folder.
     */
    public void renameFiles(Map<String, String> names) {
        if (names.isEmpty()) {
            return;
        }
        UnaryOperator<String> rename = file -> names.getOrDefault(LocalPaths.plain(file), file);
        for (TreeMap<String, Long> byFile : List.of(malformedByFile, eventsByFile, linesByFile)) {
            renameKeys(byFile, rename);
        }
        renameKeys(panelsByFile, rename);
        for (List<MalformedSample> samples : List.of(malformedSamples, cutEventSamples)) {
            samples.replaceAll(
                    s ->
                            new MalformedSample(
                                    rename.apply(s.file()), s.offset(), s.excerpt(), s.reason()));
        }
        splits.replaceAll(split -> split.withPaths(rename));
    }

    private static <V> void renameKeys(TreeMap<String, V> byFile, UnaryOperator<String> rename) {
        Map<String, V> renamed = new TreeMap<>();
        byFile.forEach((file, value) -> renamed.put(rename.apply(file), value));
        byFile.clear();
        byFile.putAll(renamed);
    }

    public void addBlankLine() {
        blankLines++;
    }

    public void addFilteredEvent() {
        filteredEvents++;
    }

    private static void addSample(List<MalformedSample> samples, MalformedSample sample) {
        if (samples.size() < MAX_SAMPLES) {
            samples.add(sample);
        }
    }

    /** An event cut at its bounds ({@link dev.logslice.format.LogEvent#isCut()}). */
    public void addCutEvent(MalformedSample sample) {
        cutEvents++;
        addSample(cutEventSamples, sample);
    }

    /** Lines of a followed file longer than the maximum, skipped: no split report counts them. */
    public void addOversizedLines(long lines) {
        oversized += lines;
    }

    /** A split's I/O report; its oversized (skipped) lines count here too. */
    public void addSplit(SplitReport split) {
        splits.add(split);
        oversized += split.oversizedLines();
    }

    public void merge(LogStats other) {
        forgetDerived();
        flushCounters();
        other.flushCounters();
        lines += other.lines;
        bytes += other.bytes;
        events += other.events;
        malformed += other.malformed;
        blankLines += other.blankLines;
        filteredEvents += other.filteredEvents;
        oversized += other.oversized;
        responseBytes += other.responseBytes;
        eventsWithResponseBytes += other.eventsWithResponseBytes;
        if (other.timed) {
            firstEpochSecond =
                    timed
                            ? Math.min(firstEpochSecond, other.firstEpochSecond)
                            : other.firstEpochSecond;
            lastEpochSecond =
                    timed
                            ? Math.max(lastEpochSecond, other.lastEpochSecond)
                            : other.lastEpochSecond;
            timed = true;
        }
        other.status.forEach((k, v) -> status.merge(k, v, Long::sum));
        other.methods.forEach((k, v) -> methods.merge(k, v, Long::sum));
        other.protocols.forEach((k, v) -> protocols.merge(k, v, Long::sum));
        other.levels.forEach(
                (level, hours) -> {
                    long[] mine = levels.computeIfAbsent(level, l -> new long[UNTIMED + 1]);
                    for (int hour = 0; hour <= UNTIMED; hour++) {
                        mine[hour] += hours[hour];
                    }
                });
        other.malformedByFile.forEach((k, v) -> malformedByFile.merge(k, v, Long::sum));
        other.eventsByFile.forEach((k, v) -> eventsByFile.merge(k, v, Long::sum));
        other.linesByFile.forEach((k, v) -> linesByFile.merge(k, v, Long::sum));
        other.top.forEach((panel, items) -> top.get(panel).merge(items));
        other.topFields.forEach(
                (name, items) -> topFields.computeIfAbsent(name, k -> new TopItems()).merge(items));
        other.panelsByFile.forEach(this::addFilePanels);
        // Pending counts stay pending: they reach the sketches once, when this one drains.
        other.pendingTop.forEach(
                (panel, counts) -> {
                    if (!pendingTop.get(panel).hasRoomFor(counts)) {
                        flush();
                    }
                    pendingTop.get(panel).addAll(counts);
                });
        other.pendingFields.forEach(
                (name, counts) ->
                        counts.forEach(
                                (b, start, end, count) ->
                                        count(
                                                pendingFields.computeIfAbsent(
                                                        name, k -> new ByteCounts()),
                                                b,
                                                start,
                                                end,
                                                count)));
        // HLL_8, the union's own type: the default HLL_4 would be packed only to be unpacked again.
        uniqueClients.update(other.uniqueClients.getResult(TgtHllType.HLL_8));
        if (other.exactClients == null) {
            exactClients = null;
        } else {
            other.exactClients.forEach(this::addExactClient);
        }
        requestTimes.merge(other.requestTimes);
        timeline.merge(other.timeline);
        dailyVisitors.merge(other.dailyVisitors);
        other.agentCounts.forEach(this::addAgentEvents);
        agentEventsPastBound += other.agentEventsPastBound;
        other.malformedSamples.forEach(sample -> addSample(malformedSamples, sample));
        cutEvents += other.cutEvents;
        other.cutEventSamples.forEach(sample -> addSample(cutEventSamples, sample));
        splits.addAll(other.splits);
    }

    // ---- reading

    public long lines() {
        return lines;
    }

    public long bytes() {
        return bytes;
    }

    public long events() {
        return events;
    }

    public long malformed() {
        return malformed;
    }

    public long blankLines() {
        return blankLines;
    }

    /** Events that failed a filter given: in no panel, nor in {@link #events}. */
    public long filteredEvents() {
        return filteredEvents;
    }

    public long oversized() {
        return oversized;
    }

    public long cutEvents() {
        return cutEvents;
    }

    /** The first cut events: file, offset, start of the text, and how much was cut. */
    public List<MalformedSample> cutEventSamples() {
        return Collections.unmodifiableList(cutEventSamples);
    }

    public long responseBytes() {
        return responseBytes;
    }

    /** Events with a response size ({@link #responseBytes} is 0, not unknown, only when some). */
    public long eventsWithResponseBytes() {
        return eventsWithResponseBytes;
    }

    /** First and last event time, or null when no event had one. */
    @Nullable
    public long[] timeRange() {
        return timed ? new long[] {firstEpochSecond, lastEpochSecond} : null;
    }

    public Map<Integer, Long> status() {
        flush();
        return Collections.unmodifiableMap(status);
    }

    /** Counts by status class: {@code 2xx}, {@code 4xx}, ... */
    public Map<String, Long> statusClasses() {
        TreeMap<String, Long> classes = new TreeMap<>();
        status().forEach((code, count) -> classes.merge(code / 100 + "xx", count, Long::sum));
        return classes;
    }

    public Map<String, Long> methods() {
        flush();
        return Collections.unmodifiableMap(methods);
    }

    public Map<String, Long> protocols() {
        flush();
        return Collections.unmodifiableMap(protocols);
    }

    /** Counts by level name ({@link Severity#reportedName}), the most severe first. */
    public Map<String, Long> levels() {
        // Sorted here, not kept sorted: the severity order costs a lookup per comparison.
        TreeMap<String, Long> bySeverity = new TreeMap<>(Severity.REPORT_ORDER);
        levels.forEach((level, hours) -> bySeverity.put(level, Arrays.stream(hours).sum()));
        return Collections.unmodifiableMap(bySeverity);
    }

    public List<ValueCount> top(Panel panel, int n) {
        return items(panel).top(n);
    }

    /**
     * A row's bytes, time served and visitors, or null when the format has none of them (or, past
     * {@link TopItems#MAX_ROWS} distinct values, the row's were dropped).
     */
    @Nullable
    public RowTotals rowTotals(Panel panel, String value) {
        return rowTotals ? items(panel).totals(value) : null;
    }

    /** Whether every {@link #rowTotals} of the panel is exact (visitors: up to their sketches). */
    public boolean rowTotalsExact(Panel panel) {
        return items(panel).rowsExact();
    }

    /** The events of each level in one hour of the day (UTC), over all days. */
    public record LevelsInHour(int hour, Map<String, Long> levels) {}

    /**
     * The 24 hours of the day (UTC), each with the events of each level in it (levels in severity
     * order, the worst first); empty when no timed event has a level.
     */
    public List<LevelsInHour> levelsByHour() {
        Map<String, long[]> timed = new TreeMap<>();
        levels.forEach(
                (level, hours) -> {
                    if (Arrays.stream(hours, 0, UNTIMED).anyMatch(count -> count > 0)) {
                        timed.put(level, hours);
                    }
                });
        if (timed.isEmpty()) {
            return List.of();
        }
        List<LevelsInHour> hours = new ArrayList<>();
        for (int hour = 0; hour < UNTIMED; hour++) {
            Map<String, Long> inHour = new TreeMap<>(Severity.REPORT_ORDER);
            for (Map.Entry<String, long[]> level : timed.entrySet()) {
                inHour.put(level.getKey(), level.getValue()[hour]);
            }
            hours.add(new LevelsInHour(hour, inHour));
        }
        return hours;
    }

    /**
     * The {@code n} most frequent values of a by-level panel at each level (levels in severity
     * order, the worst first), each share of the level's events; as exact as the panel ({@link
     * #topMaxError}).
     */
    public Map<String, List<ValueCount>> topByLevel(Panel panel, int n) {
        Map<String, List<ValueCount>> byLevel = new TreeMap<>(Severity.REPORT_ORDER);
        for (ValueCount row : items(panel).top(Integer.MAX_VALUE)) {
            int end = row.value().indexOf(LEVEL_END);
            List<ValueCount> rows =
                    byLevel.computeIfAbsent(row.value().substring(0, end), l -> new ArrayList<>());
            if (rows.size() < n) {
                rows.add(new ValueCount(row.value().substring(end + 1), row.count()));
            }
        }
        return byLevel;
    }

    /** Events and errors in one hour of the day (UTC), over all days. */
    public record HourOfDay(int hour, long events, long errors) {}

    /**
     * The hours of the day (UTC) that the events' time range passes through: all 24 when it spans a
     * day or more, else those from its first hour to its last (past midnight too). An hour outside
     * them had no events because the log does not reach it, not because it was quiet.
     */
    public boolean[] hoursCovered() {
        boolean[] covered = new boolean[24];
        List<Timeline.Bucket> buckets = timeline.buckets(3600);
        if (buckets.isEmpty()) {
            return covered;
        }
        long first = buckets.get(0).startEpochSecond();
        long last = buckets.get(buckets.size() - 1).startEpochSecond();
        for (long start = first; start <= last && start - first < 86_400L; start += 3600) {
            covered[(int) (Math.floorMod(start, 86_400L) / 3600)] = true;
        }
        return covered;
    }

    /** The 24 hours of the day (UTC), each with the events and errors of all days in it. */
    public List<HourOfDay> hourOfDay() {
        long[] events = new long[24];
        long[] errors = new long[24];
        for (Timeline.Bucket bucket : timeline.buckets(3600)) {
            int hour = (int) (Math.floorMod(bucket.startEpochSecond(), 86_400L) / 3600);
            events[hour] += bucket.events();
            errors[hour] += bucket.errors();
        }
        List<HourOfDay> hours = new ArrayList<>();
        for (int hour = 0; hour < 24; hour++) {
            hours.add(new HourOfDay(hour, events[hour], errors[hour]));
        }
        return hours;
    }

    /**
     * Events of people by browser ({@link UserAgents}), the most first; exact, as the user agents'
     * counts before their sketch.
     */
    public List<ValueCount> browsers() {
        return byCount(agentClasses().get(0));
    }

    public List<ValueCount> operatingSystems() {
        return byCount(agentClasses().get(1));
    }

    /** Events by device class: desktop, phone, tablet, bot, other. */
    public List<ValueCount> deviceClasses() {
        return byCount(agentClasses().get(2));
    }

    /** Events of crawlers, bots and tools by name, apart from {@link #browsers()}. */
    public List<ValueCount> crawlers() {
        return byCount(agentClasses().get(3));
    }

    private static List<ValueCount> byCount(Map<String, Long> counts) {
        return counts.entrySet().stream()
                .map(entry -> new ValueCount(entry.getKey(), entry.getValue()))
                .sorted(
                        java.util.Comparator.comparingLong(ValueCount::count)
                                .reversed()
                                .thenComparing(ValueCount::value))
                .toList();
    }

    /** Visitors, hits and bytes per UTC day, for events with a client and a time. */
    public List<DailyVisitors.Row> visitorsPerDay() {
        return dailyVisitors.rows();
    }

    /** How far the counts of a panel may be off: 0 when they are exact. */
    public long topMaxError(Panel panel) {
        return items(panel).maxError();
    }

    public boolean hasPanel(Panel panel) {
        return !items(panel).isEmpty();
    }

    /**
     * The {@code n} most frequent values of a field of {@code --top-field}; empty when no event had
     * it.
     */
    public List<ValueCount> topField(String name, int n) {
        flush();
        TopItems items = topFields.get(name);
        return items == null ? List.of() : items.top(n);
    }

    /** How far the counts of {@link #topField} may be off: 0 when they are exact. */
    public long topFieldMaxError(String name) {
        flush();
        TopItems items = topFields.get(name);
        return items == null ? 0 : items.maxError();
    }

    /** Whether any event had a value for the field of {@code --top-field}. */
    public boolean hasTopField(String name) {
        flush();
        return topFields.containsKey(name);
    }

    /** The files whose events fed {@code panel}. */
    public List<String> filesOf(Panel panel) {
        Panel source = sourceOf(panel);
        int bit = 1 << (source != null ? source : panel).ordinal();
        return panelsByFile.entrySet().stream()
                .filter(entry -> (entry.getValue() & bit) != 0)
                .map(Map.Entry::getKey)
                .toList();
    }

    /** Distinct clients: exact up to 65,536, then estimated (HyperLogLog, about 1% error). */
    public long uniqueClients() {
        flush();
        if (exactClients != null) {
            return exactClients.size();
        }
        // An estimate past the events that have a client is known wrong.
        return Math.min(top.get(Panel.CLIENTS).events(), Math.round(uniqueClients.getEstimate()));
    }

    /** Whether {@link #uniqueClients()} is an exact count. */
    public boolean uniqueClientsExact() {
        flush();
        return exactClients != null;
    }

    private void addExactClient(String client) {
        if (exactClients != null && exactClients.add(client)) {
            if (exactClients.size() > MAX_EXACT_CLIENTS) {
                exactClients = null;
            }
        }
    }

    public boolean hasRequestTimes() {
        return !requestTimes.isEmpty();
    }

    /** A request-time quantile in seconds (KLL sketch); only when {@link #hasRequestTimes()}. */
    public double requestTimeQuantile(double rank) {
        return requestTimes.getQuantile(rank, QuantileSearchCriteria.INCLUSIVE);
    }

    public Timeline timeline() {
        return timeline;
    }

    /** Malformed lines per file, for files that had any. */
    /** Events per file (its name as events carry it), for the per-format counts of a report. */
    public Map<String, Long> eventsByFile() {
        return Collections.unmodifiableMap(eventsByFile);
    }

    public Map<String, Long> malformedByFile() {
        return Collections.unmodifiableMap(malformedByFile);
    }

    /** Lines per file counted in follow mode ({@link #addFileLines}); empty in batch runs. */
    public Map<String, Long> linesByFile() {
        return Collections.unmodifiableMap(linesByFile);
    }

    public List<MalformedSample> malformedSamples() {
        return Collections.unmodifiableList(malformedSamples);
    }

    /** The per-split I/O reports, in input order. */
    public List<SplitReport> splits() {
        List<SplitReport> sorted = new ArrayList<>(splits);
        sorted.sort(java.util.Comparator.comparing(SplitReport::splitId));
        return sorted;
    }

    // ---- bytes, for the trip from the readers to the client

    public byte[] toBytes() {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(buffer)) {
            write(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return buffer.toByteArray();
    }

    /** Writes what {@link #read} reads; {@link PartialPieces} cuts it into bounded records. */
    void write(DataOutput out) throws IOException {
        flushCounters();
        // Clients are counted as unique here, where they were read, in the order they came: the
        // HyperLogLog estimate depends on that order, and a drain where partials meet has another.
        drain(Panel.CLIENTS);
        out.writeInt(VERSION);
        for (long counter :
                new long[] {
                    lines,
                    bytes,
                    events,
                    malformed,
                    blankLines,
                    filteredEvents,
                    oversized,
                    responseBytes,
                    eventsWithResponseBytes
                }) {
            out.writeLong(counter);
        }
        out.writeBoolean(timed);
        out.writeLong(firstEpochSecond);
        out.writeLong(lastEpochSecond);
        out.writeInt(status.size());
        for (Map.Entry<Integer, Long> entry : status.entrySet()) {
            out.writeInt(entry.getKey());
            out.writeLong(entry.getValue());
        }
        for (Map<String, Long> counts :
                List.of(methods, protocols, malformedByFile, eventsByFile, linesByFile)) {
            writeCounts(out, counts);
        }
        out.writeInt(levels.size());
        for (Map.Entry<String, long[]> entry : levels.entrySet()) {
            Strings.write(out, entry.getKey());
            for (long count : entry.getValue()) {
                out.writeLong(count);
            }
        }
        for (Panel panel : Panel.values()) {
            writeBytes(out, top.get(panel).toBytes());
            pendingTop.get(panel).write(out);
        }
        Set<String> fields = new java.util.TreeSet<>(topFields.keySet());
        fields.addAll(pendingFields.keySet());
        out.writeInt(fields.size());
        for (String name : fields) {
            Strings.write(out, name);
            writeBytes(out, topFields.getOrDefault(name, new TopItems()).toBytes());
            pendingFields.getOrDefault(name, new ByteCounts()).write(out);
        }
        out.writeInt(panelsByFile.size());
        for (Map.Entry<String, Integer> entry : panelsByFile.entrySet()) {
            Strings.write(out, entry.getKey());
            out.writeInt(entry.getValue());
        }
        writeBytes(out, uniqueClients.toCompactByteArray());
        out.writeInt(exactClients == null ? -1 : exactClients.size());
        if (exactClients != null) {
            for (String client : exactClients) {
                Strings.write(out, client);
            }
        }
        writeBytes(out, requestTimes.toByteArray());
        timeline.write(out);
        dailyVisitors.write(out);
        writeCounts(out, agentCounts);
        out.writeLong(agentEventsPastBound);
        writeSamples(out, malformedSamples);
        out.writeLong(cutEvents);
        writeSamples(out, cutEventSamples);
        out.writeInt(splits.size());
        for (SplitReport split : splits) {
            SplitReports.write(out, split);
        }
    }

    private static void writeSamples(DataOutput out, List<MalformedSample> samples)
            throws IOException {
        out.writeInt(samples.size());
        for (MalformedSample sample : samples) {
            Strings.write(out, sample.file());
            out.writeLong(sample.offset());
            Strings.write(out, sample.excerpt());
            Strings.write(out, sample.reason());
        }
    }

    private static void readSamples(DataInput in, List<MalformedSample> samples)
            throws IOException {
        int count = in.readInt();
        for (int i = 0; i < count; i++) {
            samples.add(
                    new MalformedSample(
                            Strings.read(in), in.readLong(), Strings.read(in), Strings.read(in)));
        }
    }

    public static LogStats fromBytes(byte[] serialized) {
        return read(new DataInputStream(new ByteArrayInputStream(serialized)));
    }

    /** What {@link #write} wrote, up to the end of {@code in}: trailing bytes are an error. */
    static LogStats read(DataInputStream in) {
        LogStats stats = new LogStats();
        try (in) {
            int version = in.readInt();
            if (version != VERSION) {
                throw new IOException("unknown LogStats version " + version);
            }
            stats.lines = in.readLong();
            stats.bytes = in.readLong();
            stats.events = in.readLong();
            stats.malformed = in.readLong();
            stats.blankLines = in.readLong();
            stats.filteredEvents = in.readLong();
            stats.oversized = in.readLong();
            stats.responseBytes = in.readLong();
            stats.eventsWithResponseBytes = in.readLong();
            stats.timed = in.readBoolean();
            stats.firstEpochSecond = in.readLong();
            stats.lastEpochSecond = in.readLong();
            int statusCodes = in.readInt();
            for (int i = 0; i < statusCodes; i++) {
                stats.status.put(in.readInt(), in.readLong());
            }
            for (Map<String, Long> counts :
                    List.of(
                            stats.methods,
                            stats.protocols,
                            stats.malformedByFile,
                            stats.eventsByFile,
                            stats.linesByFile)) {
                readCounts(in, counts);
            }
            int levels = in.readInt();
            for (int i = 0; i < levels; i++) {
                long[] hours = new long[UNTIMED + 1];
                stats.levels.put(Strings.read(in), hours);
                for (int hour = 0; hour <= UNTIMED; hour++) {
                    hours[hour] = in.readLong();
                }
            }
            for (Panel panel : Panel.values()) {
                stats.top.put(panel, TopItems.fromBytes(readBytes(in)));
                stats.pendingTop.put(panel, ByteCounts.read(in));
            }
            int fields = in.readInt();
            for (int i = 0; i < fields; i++) {
                String name = Strings.read(in);
                TopItems items = TopItems.fromBytes(readBytes(in));
                if (!items.isEmpty()) {
                    stats.topFields.put(name, items);
                }
                stats.pendingFields.put(name, ByteCounts.read(in));
            }
            int files = in.readInt();
            for (int i = 0; i < files; i++) {
                stats.panelsByFile.put(Strings.read(in), in.readInt());
            }
            stats.uniqueClients = Union.heapify(readBytes(in));
            int exactClients = in.readInt();
            if (exactClients < 0) {
                stats.exactClients = null;
            }
            for (int i = 0; i < exactClients; i++) {
                stats.exactClients.add(Strings.read(in));
            }
            stats.requestTimes = KllDoublesSketch.heapify(Memory.wrap(readBytes(in)));
            stats.timeline = Timeline.read(in);
            stats.dailyVisitors = DailyVisitors.read(in);
            readCounts(in, stats.agentCounts);
            stats.agentEventsPastBound = in.readLong();
            readSamples(in, stats.malformedSamples);
            stats.cutEvents = in.readLong();
            readSamples(in, stats.cutEventSamples);
            int splits = in.readInt();
            for (int i = 0; i < splits; i++) {
                stats.splits.add(SplitReports.read(in));
            }
            if (in.read() != -1) {
                throw new IOException("trailing bytes after LogStats");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return stats;
    }

    private static void writeCounts(DataOutput out, Map<String, Long> counts) throws IOException {
        out.writeInt(counts.size());
        for (Map.Entry<String, Long> entry : counts.entrySet()) {
            Strings.write(out, entry.getKey());
            out.writeLong(entry.getValue());
        }
    }

    private static void readCounts(DataInput in, Map<String, Long> counts) throws IOException {
        int size = in.readInt();
        for (int i = 0; i < size; i++) {
            counts.put(Strings.read(in), in.readLong());
        }
    }

    private static void writeBytes(DataOutput out, byte[] bytes) throws IOException {
        Strings.writeBytes(out, bytes);
    }

    private static byte[] readBytes(DataInput in) throws IOException {
        return Strings.readBytes(in);
    }
}
