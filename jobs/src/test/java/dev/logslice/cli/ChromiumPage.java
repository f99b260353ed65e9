package dev.logslice.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One page of a headless Chromium, driven over the DevTools protocol (the JDK's WebSocket client):
 * navigate, evaluate, screenshot; every console message, uncaught exception and browser log entry
 * (a CSP violation, a failed load) is kept, for a test to assert there was none.
 */
final class ChromiumPage implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration DEADLINE = Duration.ofMinutes(1);
    private static final Pattern LISTENING =
            Pattern.compile("DevTools listening on (ws://127\\.0\\.0\\.1:(\\d+)/\\S+)");

    private final Process chromium;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final List<String> messages = new ArrayList<>();

    private ChromiumPage(Process chromium, WebSocket socket) {
        this.chromium = chromium;
        this.socket = socket;
    }

    /** Starts {@code chromium} headless with a blank page, {@code width} by 2000 pixels. */
    static ChromiumPage open(Path chromium, Path dir, int width) throws Exception {
        Path profile = Files.createTempDirectory(dir, "profile");
        Path log = dir.resolve("chromium-devtools.err");
        Process process =
                new ProcessBuilder(
                                chromium.toString(),
                                "--headless",
                                "--disable-gpu",
                                "--no-sandbox",
                                "--no-first-run",
                                "--hide-scrollbars",
                                "--window-size=" + width + ",2000",
                                "--user-data-dir=" + profile,
                                "--remote-debugging-address=127.0.0.1",
                                "--remote-debugging-port=0",
                                "about:blank")
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
        try {
            Matcher listening = awaitListening(process, log);
            HttpClient http = HttpClient.newHttpClient();
            String targets =
                    http.send(
                                    HttpRequest.newBuilder(
                                                    URI.create(
                                                            "http://127.0.0.1:"
                                                                    + listening.group(2)
                                                                    + "/json/list"))
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString())
                            .body();
            String pageSocket = null;
            for (JsonNode target : JSON.readTree(targets)) {
                if (target.path("type").asText().equals("page")) {
                    pageSocket = target.get("webSocketDebuggerUrl").asText();
                }
            }
            if (pageSocket == null) {
                throw new AssertionError("no page among Chromium's targets: " + targets);
            }
            Listener listener = new Listener();
            WebSocket socket =
                    http.newWebSocketBuilder()
                            .buildAsync(URI.create(pageSocket), listener)
                            .get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
            ChromiumPage page = new ChromiumPage(process, socket);
            listener.page = page;
            for (String domain : List.of("Runtime", "Log", "Page")) {
                page.call(domain + ".enable", JSON.createObjectNode());
            }
            return page;
        } catch (Exception | AssertionError e) {
            process.destroyForcibly();
            throw e;
        }
    }

    private static Matcher awaitListening(Process process, Path log) throws IOException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (true) {
            Matcher listening = LISTENING.matcher(Files.readString(log));
            if (listening.find()) {
                return listening;
            }
            if (!process.isAlive() || System.nanoTime() > deadline) {
                throw new AssertionError("Chromium did not listen: " + Files.readString(log));
            }
            LockSupport.parkNanos(20_000_000);
        }
    }

    /** Loads {@code url} and waits for its load event. */
    void navigate(String url) throws Exception {
        ObjectNode params = JSON.createObjectNode().put("url", url);
        JsonNode result = call("Page.navigate", params);
        if (result.has("errorText")) {
            throw new AssertionError("cannot load " + url + ": " + result.get("errorText"));
        }
        awaitTrue("the page loaded", "document.readyState === 'complete'");
    }

    /** The value of a JavaScript expression in the page, as JSON. */
    JsonNode evaluate(String expression) throws Exception {
        ObjectNode params =
                JSON.createObjectNode().put("expression", expression).put("returnByValue", true);
        JsonNode result = call("Runtime.evaluate", params);
        if (result.has("exceptionDetails")) {
            throw new AssertionError(expression + " threw: " + result.get("exceptionDetails"));
        }
        return result.path("result").path("value");
    }

    /** Polls {@code expression} until it is true, failing after a minute. */
    void awaitTrue(String what, String expression) throws Exception {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!evaluate(expression).asBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("in time: " + what + " (" + expression + ")");
            }
            LockSupport.parkNanos(50_000_000);
        }
    }

    /** A PNG of the whole page. */
    void screenshot(Path png) throws Exception {
        ObjectNode params =
                JSON.createObjectNode().put("format", "png").put("captureBeyondViewport", true);
        Files.write(
                png,
                Base64.getDecoder()
                        .decode(call("Page.captureScreenshot", params).get("data").asText()));
    }

    /** Console messages, exceptions and log entries so far, one line each. */
    synchronized List<String> messages() {
        return List.copyOf(messages);
    }

    private JsonNode call(String method, ObjectNode params) throws Exception {
        int id = ids.incrementAndGet();
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        ObjectNode command = JSON.createObjectNode().put("id", id).put("method", method);
        command.set("params", params);
        socket.sendText(JSON.writeValueAsString(command), true).get(10, TimeUnit.SECONDS);
        JsonNode response = answer.get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
        if (response.has("error")) {
            throw new AssertionError(method + ": " + response.get("error"));
        }
        return response.get("result");
    }

    private void received(JsonNode message) {
        if (message.has("id")) {
            CompletableFuture<JsonNode> answer = pending.remove(message.get("id").asInt());
            if (answer != null) {
                answer.complete(message);
            }
            return;
        }
        String method = message.path("method").asText();
        if (method.equals("Runtime.consoleAPICalled")
                || method.equals("Runtime.exceptionThrown")
                || method.equals("Log.entryAdded")) {
            synchronized (this) {
                messages.add(method + " " + message.get("params"));
            }
        }
    }

    /** Reassembles the protocol's messages from their frames. */
    private static final class Listener implements WebSocket.Listener {
        private final StringBuilder frames = new StringBuilder();
        private volatile ChromiumPage page;

        @Override
        public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
            frames.append(data);
            if (last) {
                try {
                    JsonNode message = JSON.readTree(frames.toString());
                    // Messages come only after the page's first command, once page is set.
                    page.received(message);
                } catch (IOException e) {
                    throw new AssertionError("not JSON from DevTools: " + frames, e);
                } finally {
                    frames.setLength(0);
                }
            }
            socket.request(1);
            return null;
        }
    }

    @Override
    public void close() throws InterruptedException {
        socket.abort();
        // Chromium's helper processes may still write to the profile after the browser has gone,
        // and the test's temporary folder cannot be deleted under them: all of them end first.
        List<ProcessHandle> helpers = chromium.descendants().toList();
        chromium.destroy();
        if (!chromium.waitFor(30, TimeUnit.SECONDS)) {
            chromium.destroyForcibly();
        }
        // The browser is gone: its helpers have nothing left to save.
        helpers.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle helper : helpers) {
            try {
                helper.onExit().get(30, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                throw new IllegalStateException(
                        "Chromium's helper " + helper.pid() + " lives on", e);
            }
        }
    }
}
