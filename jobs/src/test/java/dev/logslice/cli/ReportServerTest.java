package dev.logslice.cli;

import dev.logslice.report.StatsHtml;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The server of {@code stats --follow --serve} over raw HTTP/1.1: its routes, headers, methods, the
 * names it answers to, its event stream; and the command's refusals of a port in use, a bad address
 * and {@code --serve} without {@code --follow}.
 */
class ReportServerTest {
    private static final int READ_TIMEOUT_MILLIS = 10_000;

    private ReportServer server;

    @BeforeEach
    void start() {
        server = ReportServer.start(new ServeAddress.Converter().convert("0"));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void listensOnLoopbackByDefaultAndPrintsItsUrl() {
        assertThat(server.address().getAddress().getHostAddress()).isEqualTo("127.0.0.1");
        assertThat(server.address().getPort()).isPositive();
        assertThat(server.url()).isEqualTo("http://127.0.0.1:" + server.address().getPort() + "/");
    }

    @Test
    void servesTheWaitingPageThenEachReportPublished() throws IOException {
        Response waiting = get("/");
        assertThat(waiting.status()).isEqualTo(200);
        assertThat(waiting.body()).isEqualTo(StatsHtml.waitingLive());
        Response noReport = get("/report.json");
        assertThat(noReport.status()).isEqualTo(503);
        assertThat(noReport.header("retry-after")).isEqualTo("1");

        server.publish("<p>report 1</p>", "{\"lines\":1}\n".getBytes(StandardCharsets.UTF_8));
        server.publish("<p>report 2</p>", "{\"lines\":2}\n".getBytes(StandardCharsets.UTF_8));

        Response page = get("/?anything");
        assertThat(page.body()).isEqualTo("<p>report 2</p>");
        assertThat(page.header("content-type")).isEqualTo("text/html; charset=utf-8");
        Response json = get("/report.json");
        assertThat(json.status()).isEqualTo(200);
        assertThat(json.header("content-type")).isEqualTo("application/json; charset=utf-8");
        assertThat(json.body()).isEqualTo("{\"lines\":2}\n");
    }

    @Test
    void everyResponseIsUncacheableUnsniffableAndUnderThePagePolicy() throws IOException {
        for (Response response :
                List.of(get("/"), get("/report.json"), get("/nothing"), request("PUT", "/"))) {
            assertThat(response.header("cache-control")).isEqualTo("no-store");
            assertThat(response.header("x-content-type-options")).isEqualTo("nosniff");
            assertThat(response.header("content-type")).endsWith("; charset=utf-8");
            assertThat(response.header("content-security-policy"))
                    .startsWith(StatsHtml.LIVE_CONTENT_SECURITY_POLICY)
                    .contains("default-src 'none'")
                    .contains("connect-src 'self'")
                    .contains("frame-ancestors 'none'")
                    .doesNotContain("unsafe-eval")
                    .containsPattern("script-src 'sha256-[A-Za-z0-9+/]+={0,2}';");
        }
    }

    @Test
    void unknownPathsAre404AndOtherMethods405() throws IOException {
        assertThat(get("/index.html").status()).isEqualTo(404);
        assertThat(get("/report.json/x").status()).isEqualTo(404);
        for (String method : List.of("POST", "PUT", "DELETE", "OPTIONS", "TRACE")) {
            Response response = request(method, "/");
            assertThat(response.status()).as(method).isEqualTo(405);
            assertThat(response.header("allow")).isEqualTo("GET, HEAD");
        }
    }

    @Test
    void headSendsTheHeadersAndLengthOfAGetWithoutItsBody() throws IOException {
        server.publish("<p>r</p>", "{}\n".getBytes(StandardCharsets.UTF_8));
        Response head = request("HEAD", "/");
        assertThat(head.status()).isEqualTo(200);
        assertThat(head.header("content-length")).isEqualTo("8");
        assertThat(head.body()).isEmpty();
        assertThat(head.header("content-security-policy")).isNotNull();
    }

    @Test
    void answersOnlyToItsOwnAddressOrLocalhost() throws IOException {
        int port = server.address().getPort();
        assertThat(withHost("127.0.0.1:" + port).status()).isEqualTo(200);
        assertThat(withHost("LOCALHOST:" + port).status()).isEqualTo(200);
        // A site whose name resolves to 127.0.0.1 (DNS rebinding) is refused.
        assertThat(withHost("attacker.example:" + port).status()).isEqualTo(421);
        assertThat(withHost("127.0.0.1:1").status()).isEqualTo(421);
    }

    @Test
    void eventsComeOnConnectingAndAtEachReportThenStopped() throws IOException {
        try (Socket socket = connect()) {
            socket.getOutputStream()
                    .write(
                            ("GET /events HTTP/1.1\r\nHost: " + host() + "\r\n\r\n")
                                    .getBytes(StandardCharsets.US_ASCII));
            BufferedReader in =
                    new BufferedReader(
                            new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            List<String> headers = new ArrayList<>();
            for (String line = in.readLine(); !line.isEmpty(); line = in.readLine()) {
                headers.add(line.toLowerCase());
            }
            assertThat(headers).contains("content-type: text/event-stream; charset=utf-8");
            assertThat(headers).contains("cache-control: no-store");
            assertThat(nextData(in)).isEqualTo("data: 0");

            server.publish("<p>1</p>", new byte[0]);
            assertThat(nextData(in)).isEqualTo("data: 1");
            server.publish("<p>2</p>", new byte[0]);
            assertThat(nextData(in)).isEqualTo("data: 2");

            CompletableFuture<Void> closing = CompletableFuture.runAsync(server::close);
            assertThat(nextData(in)).isEqualTo("event: stopped");
            // Still listening for the page told of the stop: it fetches the last report.
            Response last = get("/?stopped");
            assertThat(last.status()).isEqualTo(200);
            assertThat(last.body()).isEqualTo("<p>2</p>");
            closing.join();
        }
        assertThatThrownBy(() -> get("/"))
                .as("not listening once closed")
                .isInstanceOf(IOException.class);
    }

    @Test
    void aPortInUseOrABadAddressIsOneLineAndExit2BeforeTheJob(@TempDir Path dir)
            throws IOException {
        Path log = Files.writeString(dir.resolve("access.log"), "");
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            String address = "127.0.0.1:" + taken.getLocalPort();
            assertThatThrownBy(
                            () -> ReportServer.start(new ServeAddress.Converter().convert(address)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("--serve " + address + ": cannot listen there");

            CliRun run = CliRun.of("stats", "--follow", "--serve", address, log.toString());
            assertThat(run.exitCode()).isEqualTo(2);
            assertThat(run.stderr().lines())
                    .containsExactly(
                            "logslice: --serve "
                                    + address
                                    + ": cannot listen there: Address already in use");
        }
        for (String bad : List.of("65536", "host:", ":80", "x:-1", "no.such.host.invalid:80")) {
            CliRun run = CliRun.of("stats", "--follow", "--serve", bad, log.toString());
            assertThat(run.exitCode()).as(bad).isEqualTo(2);
            assertThat(run.stderr().lines()).as(bad).hasSize(1);
            assertThat(run.stderr()).as(bad).contains("'" + bad + "'");
        }
        CliRun batch = CliRun.of("stats", "--serve", "0", log.toString());
        assertThat(batch.exitCode()).isEqualTo(2);
        assertThat(batch.stderr()).contains("--serve goes with --follow only");
    }

    /** The next event or comment-free field line of the stream, skipping keep-alives. */
    private static String nextData(BufferedReader in) throws IOException {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.startsWith("data:") || line.startsWith("event:")) {
                return line;
            }
        }
        throw new AssertionError("the event stream ended");
    }

    private record Response(int status, List<String> headers, String body) {
        String header(String name) {
            return headers.stream()
                    .filter(line -> line.toLowerCase().startsWith(name + ":"))
                    .map(line -> line.substring(name.length() + 1).strip())
                    .findFirst()
                    .orElse(null);
        }
    }

    private String host() {
        return "127.0.0.1:" + server.address().getPort();
    }

    private Response get(String path) throws IOException {
        return request("GET", path);
    }

    private Response request(String method, String path) throws IOException {
        return exchange(method, path, host());
    }

    private Response withHost(String host) throws IOException {
        return exchange("GET", "/", host);
    }

    private Socket connect() throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.address().getPort());
        socket.setSoTimeout(READ_TIMEOUT_MILLIS);
        return socket;
    }

    private Response exchange(String method, String path, String host) throws IOException {
        try (Socket socket = connect()) {
            socket.getOutputStream()
                    .write(
                            (method
                                            + " "
                                            + path
                                            + " HTTP/1.1\r\nHost: "
                                            + host
                                            + "\r\nConnection: close\r\n\r\n")
                                    .getBytes(StandardCharsets.US_ASCII));
            String response =
                    new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int end = response.indexOf("\r\n\r\n");
            List<String> head = response.substring(0, end).lines().toList();
            return new Response(
                    Integer.parseInt(head.get(0).split(" ")[1]),
                    head.subList(1, head.size()),
                    response.substring(end + 4));
        }
    }
}
