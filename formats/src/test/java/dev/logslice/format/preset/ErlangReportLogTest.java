package dev.logslice.format.preset;

import dev.logslice.format.LogEvent;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;

import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.logslice.format.preset.ServerLogPresetsTest.detected;
import static dev.logslice.format.preset.ServerLogPresetsTest.detectedAndRead;
import static dev.logslice.format.preset.ServerLogPresetsTest.read;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Erlang's error_logger reports, as RabbitMQ wrote them before 3.7: every line was refused as no
 * known format.
 */
class ErlangReportLogTest {
    private static final String REPORTS =
            "=INFO REPORT==== 7-Dec-2026::06:12:01 ===\n"
                    + "Starting RabbitMQ 3.6.16 on Erlang 20.3\n"
                    + "Copyright (C) 2007-2018 Pivotal Software, Inc.\n"
                    + "\n"
                    + "=WARNING REPORT==== 17-Dec-2026::06:12:02.123 ===\r\n"
                    + "closing AMQP connection <0.612.0> (10.0.0.5:52344 -> 10.0.0.9:5672):\n"
                    + "client unexpectedly closed TCP connection \u00ff\u00fe\n"
                    + "\n"
                    + "=CRASH REPORT==== 7-Dec-2026::06:12:03 ===\n"
                    + "  crasher:\n"
                    + "    initial call: rabbit_reader:init/4\n"
                    + "** Generic server <0.123.0> terminating\n"
                    + "=INFO REPORT==== fake header inside a report ===\n"
                    + "=PROGRESS REPORT==== 7-Dec-2026::06:12:04 ===\n"
                    + "          supervisor: {local,sasl_safe_sup}\n"
                    + "             started: [{pid,<0.43.0>}]\n"
                    + "=SUPERVISOR REPORT==== 7-Dec-2026::06:12:05 ===\n"
                    + "     Supervisor: {local,rabbit_sup}";

    @Test
    void oneEventPerReport() throws Exception {
        List<LogEvent> events = detectedAndRead("erlang-report", REPORTS);

        assertThat(events)
                .extracting(LogEvent::level)
                .containsExactly("info", "warning", "error", "info", "error");
        assertThat(events).extracting(LogEvent::lineCount).containsExactly(4, 4, 5, 3, 2);
        assertThat(events.get(1).timestampText()).isEqualTo("2026-12-17T06:12:02.123Z");
        assertThat(events.get(0).message())
                .isEqualTo(
                        "Starting RabbitMQ 3.6.16 on Erlang 20.3\n"
                                + "Copyright (C) 2007-2018 Pivotal Software, Inc.");
        assertThat(events.get(2).message())
                .endsWith("=INFO REPORT==== fake header inside a report ===");
    }

    @Test
    void lateRabbitMqLogsStayRabbitMqs() throws Exception {
        assertThat(
                        detected(
                                "2024-01-15 10:20:30.123456+00:00 [info] <0.230.0> Starting\n"
                                        + "2024-01-15 10:20:31.123456+00:00 [warning] <0.612.0> x\n"))
                .isEqualTo("rabbitmq");
    }

    /** Lines before the first report, or a report kind Erlang has not, are malformed. */
    @Test
    void linesBeforeTheFirstReportAreMalformed() {
        List<ParseResult> results =
                read(
                        "erlang-report",
                        "garbage before\n=NOTICE REPORT==== 7-Dec-2026::06:12:01 ===\n");

        assertThat(results).allMatch(r -> r instanceof MalformedLine);
    }
}
