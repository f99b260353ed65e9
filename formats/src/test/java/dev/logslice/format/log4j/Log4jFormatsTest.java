package dev.logslice.format.log4j;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.testing.Parsing;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

/** PatternLayout compilation and the presets, on hand-written lines. */
class Log4jFormatsTest {

    @ParameterizedTest
    @EnumSource(Log4jPreset.class)
    void everyPresetParsesItsExample(Log4jPreset preset) {
        LogEvent event = Parsing.event(preset.format(), preset.example());

        assertThat(event.hasValue(Field.TIMESTAMP)).isTrue();
        assertThat(event.level()).isIn("INFO");
        assertThat(event.message()).isNotBlank();
    }

    @Test
    void timeOnlyLayoutsTakeTheLatestDateNotPastTheReferenceTime() {
        LogEvent event = Parsing.event(Log4jPreset.LOG4J2.format(), Log4jPreset.LOG4J2.example());

        // Parsing.CONTEXT is UTC with the reference time 2016-01-01T00:00: 14:03 is of the day
        // before.
        assertThat(event.timestampText()).isEqualTo("2015-12-31T14:03:27.123Z");
        assertThat(event.thread()).isEqualTo("main");
        assertThat(event.logger()).isEqualTo("com.example.App");
        assertThat(event.message()).isEqualTo("Started in 1.2 s");
    }

    @Test
    void logbackReadsBothSeparators() {
        LogFormat logback = Log4jPreset.LOGBACK.format();

        assertThat(Parsing.event(logback, "10:00:00.000 [main] WARN  a.B -- x - y").message())
                .isEqualTo("x - y");
        assertThat(Parsing.event(logback, "10:00:00.000 [main] WARN  a.B - x -- y").message())
                .isEqualTo("x -- y");
    }

    @Test
    void springBootWithAndWithoutApplicationName() {
        LogFormat spring = Log4jPreset.SPRING_BOOT.format();
        LogEvent withName = Parsing.event(spring, Log4jPreset.SPRING_BOOT.example());
        LogEvent boot2 =
                Parsing.event(
                        spring,
                        "2019-03-05 10:57:51.253  INFO 45469 --- [ost-startStop-1]"
                                + " o.a.c.c.C.[Tomcat].[localhost].[/]       : Initializing");

        assertThat(withName.thread()).isEqualTo("main");
        assertThat(withName.pid()).isEqualTo(88909);
        assertThat(withName.extra()).containsExactly(entry("application", "myapp"));
        assertThat(withName.timestampText()).isEqualTo("2024-05-10T01:34:33.608Z");
        assertThat(withName.logger()).isEqualTo("o.s.b.d.f.logexample.MyApplication");
        assertThat(boot2.thread()).isEqualTo("ost-startStop-1");
        assertThat(boot2.logger()).isEqualTo("o.a.c.c.C.[Tomcat].[localhost].[/]");
        assertThat(boot2.message()).isEqualTo("Initializing");
    }

    @Test
    void kafkaMessagesMayHoldParentheses() {
        LogEvent event =
                Parsing.event(
                        Log4jPreset.KAFKA.format(),
                        "[2024-01-15 10:20:30,123] WARN Lost (retrying) in 3 (s) (kafka.Log)");

        assertThat(event.message()).isEqualTo("Lost (retrying) in 3 (s)");
        assertThat(event.logger()).isEqualTo("kafka.Log");
        assertThat(event.level()).isEqualTo("WARN");
    }

    @Test
    void hadoopDaemonLinesHaveNoThread() {
        LogEvent event =
                Parsing.event(
                        Log4jPreset.HADOOP.format(),
                        "2015-10-18 18:01:47,978 INFO org.apache.hadoop.hdfs.DataNode: up");

        assertThat(event.has(Field.THREAD)).isFalse();
        assertThat(event.logger()).isEqualTo("org.apache.hadoop.hdfs.DataNode");
    }

    @Test
    void classicLayoutsReadThreadsOfAnyShapeInEitherOrder() {
        LogEvent threadFirst =
                Parsing.event(
                        Log4jPreset.LOG4J_CLASSIC.format(),
                        "2024-01-15 10:20:30,123 [RMI TCP Connection(2)-127.0.0.1] WARN "
                                + " org.example.Cache - evicted - 3 entries");
        LogEvent levelFirst =
                Parsing.event(
                        Log4jPreset.LOG4J_CLASSIC.format(),
                        "2024-01-15 10:20:30,123 ERROR [JavaFX Application Thread] a.b.Ui - boom");
        LogEvent noThread =
                Parsing.event(
                        Log4jPreset.LOG4J_CLASSIC.format(),
                        "2024-01-15 10:20:30,123 INFO  org.example.Main - started");

        assertThat(threadFirst.thread()).isEqualTo("RMI TCP Connection(2)-127.0.0.1");
        assertThat(threadFirst.level()).isEqualTo("WARN");
        assertThat(threadFirst.message()).isEqualTo("evicted - 3 entries");
        assertThat(levelFirst.thread()).isEqualTo("JavaFX Application Thread");
        assertThat(levelFirst.logger()).isEqualTo("a.b.Ui");
        assertThat(noThread.has(Field.THREAD)).isFalse();
        assertThat(noThread.logger()).isEqualTo("org.example.Main");
    }

    /**
     * The classic layouts' "[%c] %m" reads Hadoop's line with the thread as the logger, never the
     * class with its colon as a logger before a dash; detection takes Hadoop's reading, which
     * refines it.
     */
    @Test
    void classicLayoutsLeaveHadoopsColonLinesToHadoop() throws Exception {
        String line = "2015-10-18 18:01:47,978 INFO [main] org.apache.X: up - or not";
        LogEvent classic = Parsing.event(Log4jPreset.LOG4J_CLASSIC.format(), line);

        assertThat(classic.logger()).isEqualTo("main");
        assertThat(classic.message()).isEqualTo("org.apache.X: up - or not");
        assertThat(Parsing.detected(FormatRegistry.standard(), line + "\n" + line))
                .isEqualTo("hadoop");
    }

    @Test
    void nestedBracketsInThreadNames() {
        LogFormat format = Log4jFormats.of("t", List.of("%d %p [%t] %c - %m%n"));
        LogEvent event =
                Parsing.event(
                        format,
                        "2024-01-01 00:00:00,000 INFO [pool-1 [worker] #3] a.b.C - done [ok]");

        assertThat(event.thread()).isEqualTo("pool-1 [worker] #3");
        assertThat(event.message()).isEqualTo("done [ok]");
    }

    @Test
    void styleWrappersPlaceholdersAndZones() {
        LogFormat format =
                Log4jFormats.of(
                        "styled",
                        List.of(
                                "%clr(%d{${LOG_DATEFORMAT_PATTERN:-HH:mm:ss}}{Europe/Paris}){faint}"
                                        + " %highlight{%-5level}{ERROR=red} %X{user} %c{1}: %m%n"));
        LogEvent event = Parsing.event(format, "12:00:00 ERROR alice Foo: boom");

        assertThat(event.timestampText()).isEqualTo("2015-12-31T12:00:00+01:00");
        assertThat(event.extra()).containsExactly(entry("user", "alice"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "\tat org.apache.Foo.bar(Foo.java:12)",
                "java.lang.IllegalStateException: boom",
                "Caused by: java.io.IOException: closed",
                "\t... 12 more",
                "",
                "2015-10-18 18:01:47,978 INFO",
            })
    void stackTraceLinesDoNotStartEvents(String line) {
        assertThat(Parsing.result(Log4jPreset.HADOOP.format().newParser(Parsing.CONTEXT), line))
                .isInstanceOf(MalformedLine.class);
    }

    @Test
    void unknownConversionsAreNamed() {
        assertThatThrownBy(() -> PatternLayoutCompiler.compile("%d %foo %m"))
                .hasMessageContaining("%foo");
        assertThatThrownBy(() -> PatternLayoutCompiler.compile("%d{yyyy hh} %m"))
                .hasMessageContaining("'h'");
        assertThatThrownBy(() -> PatternLayoutCompiler.compile("%t%c %m"))
                .hasMessageContaining("needs text after it");
    }
}
