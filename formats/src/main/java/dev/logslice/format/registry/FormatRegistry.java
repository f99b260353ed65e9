package dev.logslice.format.registry;

import dev.logslice.format.LogFormat;
import dev.logslice.format.access.AccessFormats;
import dev.logslice.format.access.NginxLogFormatCompiler;
import dev.logslice.format.audit.AuditFormat;
import dev.logslice.format.cef.CefFormat;
import dev.logslice.format.columns.ColumnFormat;
import dev.logslice.format.httpd.ApacheErrorFormat;
import dev.logslice.format.httpd.NginxErrorFormat;
import dev.logslice.format.json.JsonFieldMapping;
import dev.logslice.format.json.JsonFormat;
import dev.logslice.format.json.JsonPreset;
import dev.logslice.format.log4j.Log4jFormats;
import dev.logslice.format.log4j.Log4jPreset;
import dev.logslice.format.logfmt.LogfmtFormat;
import dev.logslice.format.nested.NestedFormat;
import dev.logslice.format.preset.AnyOfFormat;
import dev.logslice.format.preset.LayoutPreset;
import dev.logslice.format.regex.RegexFormat;
import dev.logslice.format.registry.FormatDefinition.PatternUse;
import dev.logslice.format.slowlog.SlowQueryLogFormat;
import dev.logslice.format.syslog.SyslogFormat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The formats by name, in the order {@code logslice formats} lists them. */
public final class FormatRegistry {
    private static final String COMMON_EXAMPLE =
            "127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] \"GET /apache_pb.gif HTTP/1.0\" 200"
                    + " 2326";
    private static final String COMBINED_EXAMPLE =
            COMMON_EXAMPLE + " \"http://www.example.com/start.html\" \"Mozilla/4.08 [en] (Win98)\"";

    /** Formats that parse their messages again: not among their own inner formats. */
    private static final Set<String> NESTING = Set.of("docker", "cri", "kubectl", "compose");

    private final List<FormatDefinition> definitions;

    private FormatRegistry(List<FormatDefinition> definitions) {
        this.definitions = List.copyOf(definitions);
    }

    /** All built-in formats. */
    public static FormatRegistry standard() {
        List<FormatDefinition> all = new ArrayList<>();
        all.add(
                fixed(
                        "combined",
                        "Apache/nginx combined access log",
                        COMBINED_EXAMPLE,
                        options -> AccessFormats.predefined("combined", AccessFormats.COMBINED)));
        all.add(
                fixed(
                        "common",
                        "Common Log Format (access log without referrer and agent)",
                        COMMON_EXAMPLE,
                        options -> AccessFormats.common()));
        all.add(
                fixed(
                                "vcombined",
                                "combined with a virtual host:port first",
                                "www.example.com:443 " + COMBINED_EXAMPLE,
                                options ->
                                        AccessFormats.predefined(
                                                "vcombined", AccessFormats.VCOMBINED))
                        .refining("combined"));
        all.add(
                new FormatDefinition(
                        "nginx",
                        "nginx access log of a log_format string (default: nginx's combined)",
                        COMBINED_EXAMPLE + " 0.005 0.004",
                        NginxLogFormatCompiler.COMBINED + " $request_time $upstream_response_time",
                        PatternUse.OPTIONAL,
                        false,
                        false,
                        options ->
                                AccessFormats.nginx(
                                        options.pattern()
                                                .orElse(NginxLogFormatCompiler.COMBINED))));
        all.add(
                new FormatDefinition(
                        "apache",
                        "Apache access log of a LogFormat string",
                        COMMON_EXAMPLE + " 1500",
                        AccessFormats.COMMON + " %D",
                        PatternUse.REQUIRED,
                        false,
                        false,
                        options ->
                                AccessFormats.apache("apache", options.pattern().orElseThrow())));
        all.add(
                fixed(
                                "apache-error",
                                "Apache httpd error log (2.2 and 2.4)",
                                "[Fri Sep 09 10:42:29.902022 2011] [core:error] [pid 35708:tid 4328636416]"
                                        + " [client 72.15.99.187] File does not exist:"
                                        + " /var/www/favicon.ico",
                                options -> new ApacheErrorFormat())
                        // dmesg -T's '[time] message' reads Apache's lines too, [level] and all.
                        .refining("kernel"));
        all.add(
                fixed(
                                "syslog",
                                "syslog, RFC 3164 (year from the file's time, or --year) and RFC 5424, and"
                                        + " journalctl's text outputs (short, -iso, -precise, -full, -unix and"
                                        + " -monotonic, untimed; its -- Boot -- markers untimed events); tab-indented lines and"
                                        + " journalctl -x's explanations continue the event",
                                "Jun  4 15:16:01 combo sshd(pam_unix)[19939]: check pass; user unknown",
                                options -> new SyslogFormat(options.year().orElse(null)))
                        // The kernel's '[uptime] message' reads short-monotonic's lines too.
                        .refining("kernel"));
        all.add(
                new FormatDefinition(
                        "log4j",
                        "Java log of a Log4j 2 / Logback PatternLayout; stack traces join their event",
                        "2024-01-15 10:20:30,123 INFO  [main] com.example.App: Started",
                        "%d{ISO8601} %-5p [%t] %c: %m%n",
                        PatternUse.REQUIRED,
                        false,
                        false,
                        options ->
                                Log4jFormats.of(
                                        "log4j", List.of(options.pattern().orElseThrow()))));
        for (Log4jPreset preset : Log4jPreset.values()) {
            all.add(
                    fixed(
                                    preset.formatName(),
                                    preset.description(),
                                    preset.example(),
                                    options -> preset.format())
                            .detectedByKnownLevels()
                            .refining(preset.refines()));
        }
        for (LayoutPreset preset : LayoutPreset.values()) {
            FormatDefinition definition =
                    fixed(
                                    preset.formatName(),
                                    preset.description(),
                                    preset.example(),
                                    options -> layoutPreset(preset, all))
                            .refining(preset.refines());
            all.add(preset.isFallback() ? definition.asFallback() : definition);
        }
        all.add(
                fixed(
                                "w3c",
                                "W3C extended log (IIS, CloudFront): the #Fields: line names the"
                                        + " columns of the lines after it",
                                "2024-01-15 10:20:30 W3SVC1 GET /cart/add id=7 443 - 203.0.113.5"
                                        + " Mozilla/5.0+(Windows+NT+10.0) - 200 0 0 5120 42",
                                options -> ColumnFormat.w3c())
                        .withExampleHeader(
                                "#Software: Microsoft Internet Information Services 10.0\n"
                                        + "#Fields: date time s-sitename cs-method cs-uri-stem"
                                        + " cs-uri-query s-port cs-username c-ip cs(User-Agent)"
                                        + " cs(Referer) sc-status sc-substatus sc-win32-status"
                                        + " sc-bytes time-taken"));
        all.add(
                fixed(
                                "zeek",
                                "Zeek (Bro) TSV log: the #fields line names the columns",
                                "1705314030.123456\tCHhAvVGS1DHFjwGM9\t10.0.0.5\t50522"
                                        + "\t93.184.216.34\t80\tGET\tshop.example.com\t/cart"
                                        + "\t200\t5120",
                                options -> ColumnFormat.zeek())
                        .withExampleHeader(
                                "#separator \\x09\n#path\thttp\n#fields\tts\tuid\tid.orig_h"
                                        + "\tid.orig_p\tid.resp_h\tid.resp_p\tmethod\thost\turi"
                                        + "\tstatus_code\tresponse_body_len"));
        all.add(
                fixed(
                                "cef",
                                "ArcSight Common Event Format, alone or behind a syslog header;"
                                        + " severity as the level, rt (or end) as the time,"
                                        + " extension keys in extra",
                                "Jan 02 03:04:05 fw1 CEF:0|Acme|Edge Firewall|4.2.1|100|Blocked"
                                        + " \\| inbound|High|rt=1704164645678 src=203.0.113.9"
                                        + " dst=10.0.0.5 act=blocked\\=deny msg=port scan from a"
                                        + " known botnet suser=j.doe",
                                options -> new CefFormat(options.year().orElse(null)))
                        .refining("syslog"));
        all.add(
                fixed(
                                "audit",
                                "Linux audit daemon's audit.log (raw and enriched): record type,"
                                        + " time and serial, pid, acct as the user, addr as the"
                                        + " client, every pair (and those of a user record's"
                                        + " msg='...') in extra",
                                "type=USER_LOGIN msg=audit(1705314030.123:24290): pid=3600 uid=0"
                                        + " auid=1000 ses=2 msg='op=login id=1000"
                                        + " exe=\"/usr/sbin/sshd\" hostname=? addr=203.0.113.9"
                                        + " terminal=/dev/pts/1 res=failed'",
                                options -> new AuditFormat())
                        // logfmt reads its pairs, with "audit(...):" as a key and the nested
                        // record cut at its blanks.
                        .refining("logfmt"));
        // Families before plain json: of two equal readings, detection takes the first listed.
        for (JsonPreset preset : JsonPreset.values()) {
            all.add(
                    new FormatDefinition(
                                    preset.formatName(),
                                    preset.description(),
                                    preset.example(),
                                    null,
                                    PatternUse.NONE,
                                    true,
                                    true,
                                    options -> jsonPreset(preset, options, all))
                            .refining(
                                    preset.readsOtherwiseThanJson()
                                            ? new String[] {"json"}
                                            : new String[0]));
        }
        all.add(
                new FormatDefinition(
                        "json",
                        "JSON lines; keys map to fields (timestamp/@timestamp/time/ts/created_at,"
                                + " level/severity, message/msg...; --time-field and co. to"
                                + " choose)",
                        "{\"@timestamp\":\"2024-01-15T10:20:30.123Z\",\"level\":\"INFO\","
                                + "\"logger\":\"com.example.App\",\"message\":\"Started\"}",
                        null,
                        PatternUse.NONE,
                        true,
                        true,
                        options -> new JsonFormat(mapping(options))));
        all.add(
                new FormatDefinition(
                        "logfmt",
                        "logfmt key=value lines (Go services, Heroku); keys map to fields as for"
                                + " json (ts/time/timestamp, level/lvl/severity, msg/message;"
                                + " --time-field and co. to choose), the others into extra",
                        "level=warn ts=2024-01-02T03:04:05.678Z caller=cart.go:42 msg=\"cart"
                                + " \\\"7\\\" is stale\" user_id=7 took=12ms cached",
                        null,
                        PatternUse.NONE,
                        true,
                        true,
                        options -> new LogfmtFormat(mapping(options))));
        all.add(
                new FormatDefinition(
                        "regex",
                        "lines of a Java regex; named groups fill the fields of their name"
                                + " (the timestamp in the layout of --time-format)",
                        "2024-01-15T10:20:30Z WARN disk almost full",
                        "(?<timestamp>\\S+) (?<level>\\w+) (?<message>.*)",
                        PatternUse.REQUIRED,
                        false,
                        false,
                        options ->
                                new RegexFormat(
                                        options.pattern().orElseThrow(),
                                        options.timeFormat().orElse(null))));
        return new FormatRegistry(all);
    }

    private static FormatDefinition fixed(
            String name,
            String description,
            String example,
            Function<FormatOptions, LogFormat> factory) {
        return new FormatDefinition(
                name, description, example, null, PatternUse.NONE, true, false, factory);
    }

    private static JsonFieldMapping mapping(FormatOptions options) {
        return mapping(JsonFieldMapping.defaults(), options);
    }

    /** {@code base} with the user's keys (--time-field and co.), which win over it. */
    private static JsonFieldMapping mapping(JsonFieldMapping base, FormatOptions options) {
        JsonFieldMapping mapping = base;
        for (var keys : options.jsonKeys().entrySet()) {
            mapping = mapping.with(keys.getKey(), keys.getValue());
        }
        return mapping;
    }

    private static LogFormat jsonPreset(
            JsonPreset preset, FormatOptions options, List<FormatDefinition> all) {
        LogFormat format =
                preset.format(mapping(preset.ownKeys(JsonFieldMapping.defaults()), options));
        return preset == JsonPreset.DOCKER
                ? NestedFormat.container(preset.formatName(), format, innerFormats(all))
                : format;
    }

    private static LogFormat layoutPreset(LayoutPreset preset, List<FormatDefinition> all) {
        switch (preset) {
            case CRI:
            case KUBECTL:
            case COMPOSE:
                return NestedFormat.container(
                        preset.formatName(), preset.format(), innerFormats(all));
            case NGINX_ERROR:
                return new NginxErrorFormat(preset.format());
            case MYSQL_SLOW:
                return new SlowQueryLogFormat(preset.format());
            case HAPROXY:
                // Through syslog, HAProxy lines read as syslog ones do, plus their own fields.
                LogFormat body = preset.format();
                return new AnyOfFormat(
                        preset.formatName(),
                        List.of(
                                new NestedFormat(
                                        preset.formatName(), new SyslogFormat(), List.of(body)),
                                body));
            default:
                return preset.format();
        }
    }

    /** What a container's program may write: every detectable format but the nesting ones. */
    private static List<LogFormat> innerFormats(List<FormatDefinition> all) {
        List<LogFormat> inner = new ArrayList<>();
        List<FormatDefinition> ordered = new ArrayList<>();
        for (FormatDefinition definition : all) {
            if (definition.isDetectable() && !NESTING.contains(definition.name())) {
                ordered.add(definition);
            }
        }
        // The first inner format that reads a message wins: one that reads another's lines more
        // precisely goes before it (PostgreSQL's "UTC [1] LOG:" is no Hadoop level and thread).
        for (FormatDefinition refiner : List.copyOf(ordered)) {
            int at = ordered.indexOf(refiner);
            for (int i = 0; i < at; i++) {
                if (refiner.refines(ordered.get(i).name())) {
                    ordered.remove(refiner);
                    ordered.add(i, refiner);
                    break;
                }
            }
        }
        for (FormatDefinition definition : ordered) {
            inner.add(definition.create(FormatOptions.none()));
        }
        return inner;
    }

    public List<FormatDefinition> definitions() {
        return definitions;
    }

    /** The definition of a name; the exception's message lists the known names. */
    public FormatDefinition definition(String name) {
        for (FormatDefinition definition : definitions) {
            if (definition.name().equals(name)) {
                return definition;
            }
        }
        throw new UnknownFormatException(
                "unknown format '" + name + "'; the formats are: auto, " + names());
    }

    /** The format of a name made with options; see {@link FormatDefinition#create}. */
    public LogFormat create(String name, FormatOptions options) {
        return definition(name).create(options);
    }

    /** The names, comma separated. */
    public String names() {
        return definitions.stream().map(FormatDefinition::name).collect(Collectors.joining(", "));
    }
}
