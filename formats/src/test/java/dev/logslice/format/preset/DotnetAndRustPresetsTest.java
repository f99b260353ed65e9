package dev.logslice.format.preset;

import dev.logslice.format.LogEvent;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;

import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.logslice.format.preset.ServerLogPresetsTest.detectedAndRead;
import static dev.logslice.format.preset.ServerLogPresetsTest.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * Rust's tracing and .NET's Serilog and NLog, as their default layouts write them. Rust's lines
 * were read by the kubectl fallback as a time and a message with the level in it; Serilog's and
 * NLog's were refused as no known format.
 */
class DotnetAndRustPresetsTest {
    private static final String RUST =
            "2024-01-15T10:20:30.123456Z  INFO shop::server: listening on 0.0.0.0:8080\n"
                    + "2024-01-15T10:20:31.000001Z DEBUG request{method=GET uri=/cart?id=7"
                    + " version=HTTP/1.1}: tower_http::trace::on_request: started processing\n"
                    + "2024-01-15T10:20:31.5Z ERROR request{method=POST uri=/pay}:charge{id=9}:"
                    + " shop::pay: card declined: insufficient funds code=51\n"
                    + "2024-01-15T10:20:32+01:00  WARN hyper::proto::h1::io: read eof";

    private static final String SERILOG =
            "2024-01-15 10:20:30.123 +01:00 [INF] Now listening on: http://[::]:8080\n"
                    + "2024-01-15 10:20:31.456 +01:00 [ERR] HTTP POST /cart responded 500 in"
                    + " 12.3456 ms\n"
                    + "System.InvalidOperationException: Sequence contains no elements\n"
                    + "   at System.Linq.ThrowHelper.ThrowNoElementsException()\n"
                    + "   at Shop.Cart.Add(Int32 id) in /src/Cart.cs:line 12\n"
                    + "2024-01-15 10:20:32.000 -05:00 [FTL] Host terminated [unexpectedly]";

    private static final String NLOG =
            "2024-01-15 10:20:30.1234|INFO|Microsoft.Hosting.Lifetime|Application started. Press"
                    + " Ctrl+C to shut down.\n"
                    + "2024-01-15 10:20:31.0001|ERROR|Shop.Cart|a | in the message|and another\n"
                    + "System.NullReferenceException: Object reference not set\n"
                    + "   at Shop.Cart.Add() in C:\\src\\Cart.cs:line 7";

    @Test
    void rustTracingsLevelTargetAndSpans() throws Exception {
        List<LogEvent> events = detectedAndRead("rust", RUST);

        assertThat(events)
                .extracting(LogEvent::level)
                .containsExactly("INFO", "DEBUG", "ERROR", "WARN");
        assertThat(events.get(0).logger()).isEqualTo("shop::server");
        assertThat(events.get(0).message()).isEqualTo("listening on 0.0.0.0:8080");
        assertThat(events.get(1).logger()).isEqualTo("tower_http::trace::on_request");
        assertThat(events.get(1).extra())
                .containsExactly(
                        entry("spans", "request{method=GET uri=/cart?id=7 version=HTTP/1.1"));
        assertThat(events.get(2).logger()).isEqualTo("shop::pay");
        assertThat(events.get(2).message()).isEqualTo("card declined: insufficient funds code=51");
        assertThat(events.get(3).timestampText()).isEqualTo("2024-01-15T10:20:32+01:00");
    }

    @Test
    void serilogsFileAndConsoleLayoutsWithTheirExceptions() throws Exception {
        List<LogEvent> events = detectedAndRead("serilog", SERILOG);

        assertThat(events).hasSize(3);
        assertThat(events.get(0).timestampText()).isEqualTo("2024-01-15T10:20:30.123+01:00");
        assertThat(events.get(0).message()).isEqualTo("Now listening on: http://[::]:8080");
        assertThat(events.get(1).level()).isEqualTo("error");
        assertThat(events.get(1).message())
                .startsWith("HTTP POST /cart responded 500 in 12.3456 ms\nSystem.Invalid")
                .endsWith("in /src/Cart.cs:line 12");
        assertThat(events.get(2).timestampText()).isEqualTo("2024-01-15T10:20:32-05:00");
        assertThat(events.get(2).message()).isEqualTo("Host terminated [unexpectedly]");

        LogEvent console =
                read("serilog", "[10:20:30 WRN] Slow request [GET /cart]").stream()
                        .map(LogEvent.class::cast)
                        .findFirst()
                        .orElseThrow();
        assertThat(console.level()).isEqualTo("warning");
        assertThat(console.message()).isEqualTo("Slow request [GET /cart]");
    }

    @Test
    void nlogsLongdateLevelLoggerAndAMessageWithBars() throws Exception {
        List<LogEvent> events = detectedAndRead("nlog", NLOG);

        assertThat(events).hasSize(2);
        assertThat(events.get(0).timestampText()).isEqualTo("2024-01-15T10:20:30.1234Z");
        assertThat(events.get(0).logger()).isEqualTo("Microsoft.Hosting.Lifetime");
        assertThat(events.get(1).level()).isEqualTo("ERROR");
        assertThat(events.get(1).logger()).isEqualTo("Shop.Cart");
        assertThat(events.get(1).message())
                .startsWith("a | in the message|and another\nSystem.NullReferenceException")
                .endsWith("line 7");
    }

    private static final String DOTNET =
            "info: Microsoft.Hosting.Lifetime[14]\n"
                    + "      Now listening on: http://[::]:8080\n"
                    + "warn: Microsoft.AspNetCore.DataProtection.Repositories.FileSystemXmlRepository[60]\n"
                    + "      Storing keys in a directory that may not be persisted.\n"
                    + "fail: Microsoft.AspNetCore.Server.Kestrel[13]\n"
                    + "      Connection id \"0HN1\": An unhandled exception was thrown.\n"
                    + "      System.InvalidOperationException: Sequence contains no elements\n"
                    + "         at Shop.Cart.Add(Int32 id) in /src/Cart.cs:line 12\n"
                    + "2024-01-15T10:20:30.1234567Z crit: Shop.Startup[0]\n"
                    + "      Host terminated";

    @Test
    void dotnetsConsoleLoggerTakesItsMessageFromTheIndentedLines() throws Exception {
        List<LogEvent> events = detectedAndRead("dotnet", DOTNET);

        assertThat(events)
                .extracting(LogEvent::level)
                .containsExactly("info", "warning", "error", "critical");
        assertThat(events.get(0).logger()).isEqualTo("Microsoft.Hosting.Lifetime");
        assertThat(events.get(0).extra()).containsExactly(entry("eventId", 14L));
        assertThat(events.get(0).message().strip()).isEqualTo("Now listening on: http://[::]:8080");
        assertThat(events.get(2).message())
                .contains("An unhandled exception was thrown.\n")
                .endsWith("in /src/Cart.cs:line 12");
        assertThat(events.get(3).timestampText()).isEqualTo("2024-01-15T10:20:30.1234567Z");
        assertThat(events.get(3).message().strip()).isEqualTo("Host terminated");
    }

    @Test
    void levelsTheLibrariesDoNotWriteAreMalformed() {
        for (String[] formatAndLine :
                new String[][] {
                    {"rust", "2024-01-15T10:20:30Z NOTICE shop::server: x"},
                    {"serilog", "2024-01-15 10:20:30.123 +01:00 [INFO] x"},
                    {"nlog", "2024-01-15 10:20:30.1234|Information|Shop|x"},
                    {"dotnet", "information: Shop[1]"},
                }) {
            List<ParseResult> results = read(formatAndLine[0], formatAndLine[1]);
            assertThat(results)
                    .as(formatAndLine[1])
                    .singleElement()
                    .isInstanceOf(MalformedLine.class);
        }
    }
}
