package dev.logslice.cli;

import dev.logslice.report.StatsHtml;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The HTTP server of {@code stats --follow --serve} (the JDK's own): the live report page at {@code
 * /}, its JSON at {@code /report.json}, and Server-Sent Events at {@code /events}, one on
 * connecting and one per report published, at which the page fetches itself again. GET and HEAD
 * only; every response uncacheable, not to be sniffed, and under the page's policy. A request must
 * name the server by the address it listens on (or localhost): a page of another site whose name
 * was made to resolve to 127.0.0.1 (DNS rebinding) cannot read the report.
 */
final class ReportServer implements AutoCloseable {
    /** Each event client holds a thread; a page needs one. */
    private static final int MAX_EVENT_CLIENTS = 16;

    /** A comment this often finds a browser that went away, and keeps proxies from timing out. */
    private static final long KEEP_ALIVE_MILLIS = 15_000;

    /** How long a close waits for the pages told of the stop to fetch the last report. */
    private static final long DRAIN_MILLIS = 2_000;

    private static final String HEADER_POLICY =
            StatsHtml.LIVE_CONTENT_SECURITY_POLICY + "; frame-ancestors 'none'";

    private final HttpServer server;
    private final ExecutorService handlers;

    /** The Host headers accepted, lower case; null for a wildcard address, reached by any name. */
    @Nullable private final Set<String> hosts;

    private final String url;
    private final Semaphore eventClients = new Semaphore(MAX_EVENT_CLIENTS);

    // Guarded by this.
    private byte[] page = StatsHtml.waitingLive().getBytes(StandardCharsets.UTF_8);
    @Nullable private byte[] json;
    private long version;
    private boolean closed;
    private int openStreams;
    private int streamsStopped;
    private int lastReportsFetched;

    private ReportServer(HttpServer server, ExecutorService handlers, ServeAddress address) {
        this.server = server;
        this.handlers = handlers;
        int port = server.getAddress().getPort();
        String literal = server.getAddress().getAddress().getHostAddress();
        String bracketed = literal.contains(":") ? "[" + literal + "]" : literal;
        String named = address.host().contains(":") ? "[" + address.host() + "]" : address.host();
        this.hosts =
                address.isWildcard()
                        ? null
                        : Stream.of(named, bracketed, "localhost")
                                .map(host -> host.toLowerCase(Locale.ROOT) + ":" + port)
                                .collect(Collectors.toUnmodifiableSet());
        this.url = "http://" + named + ":" + port + "/";
    }

    /** Listens on {@code address} now: a port in use or an address not of this machine fails. */
    static ReportServer start(ServeAddress address) {
        HttpServer server;
        try {
            server = HttpServer.create(address.socket(), 0);
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "--serve " + address + ": cannot listen there: " + e.getMessage());
        }
        ExecutorService handlers =
                Executors.newCachedThreadPool(
                        task -> {
                            Thread thread = new Thread(task, "logslice serve");
                            thread.setDaemon(true);
                            return thread;
                        });
        ReportServer report = new ReportServer(server, handlers, address);
        server.setExecutor(handlers);
        server.createContext("/", report::handle);
        server.start();
        return report;
    }

    /** The page's address, as printed: http://HOST:PORT/. */
    String url() {
        return url;
    }

    /** The address listened on, the port chosen when 0 was asked for. */
    InetSocketAddress address() {
        return server.getAddress();
    }

    /** Serves this report from now on, and tells the pages. */
    synchronized void publish(String html, byte[] reportJson) {
        page = html.getBytes(StandardCharsets.UTF_8);
        json = reportJson;
        version++;
        notifyAll();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try {
            String host = exchange.getRequestHeaders().getFirst("Host");
            String method = exchange.getRequestMethod();
            String path = exchange.getRequestURI().getPath();
            if (hosts != null && (host == null || !hosts.contains(host.toLowerCase(Locale.ROOT)))) {
                send(exchange, 421, "text/plain", text("not this server's name: " + host));
            } else if (!method.equals("GET") && !method.equals("HEAD")) {
                exchange.getResponseHeaders().set("Allow", "GET, HEAD");
                send(exchange, 405, "text/plain", text("GET or HEAD only"));
            } else if (path.equals("/")) {
                send(exchange, 200, "text/html", current(false));
                if ("stopped".equals(exchange.getRequestURI().getRawQuery())) {
                    lastReportFetched();
                }
            } else if (path.equals("/report.json")) {
                byte[] report = current(true);
                if (report == null) {
                    exchange.getResponseHeaders().set("Retry-After", "1");
                    send(exchange, 503, "text/plain", text("no report yet: the job is starting"));
                } else {
                    send(exchange, 200, "application/json", report);
                }
            } else if (path.equals("/events")) {
                events(exchange);
            } else {
                send(exchange, 404, "text/plain", text("not found: / /report.json /events"));
            }
        } finally {
            exchange.close();
        }
    }

    private synchronized void lastReportFetched() {
        lastReportsFetched++;
        notifyAll();
    }

    @Nullable
    private synchronized byte[] current(boolean reportJson) {
        return reportJson ? json : page;
    }

    private static byte[] text(String message) {
        return (message + "\n").getBytes(StandardCharsets.UTF_8);
    }

    private static void headers(HttpExchange exchange, String type) {
        Headers headers = exchange.getResponseHeaders();
        headers.set("Content-Type", type + "; charset=utf-8");
        headers.set("Cache-Control", "no-store");
        headers.set("X-Content-Type-Options", "nosniff");
        headers.set("Content-Security-Policy", HEADER_POLICY);
        headers.set("Referrer-Policy", "no-referrer");
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body)
            throws IOException {
        headers(exchange, type);
        if (exchange.getRequestMethod().equals("HEAD")) {
            // The JDK's server takes a HEAD response's length as a header only.
            exchange.getResponseHeaders().set("Content-Length", String.valueOf(body.length));
            exchange.sendResponseHeaders(status, -1);
        } else {
            exchange.sendResponseHeaders(status, body.length);
            exchange.getResponseBody().write(body);
        }
    }

    /**
     * An event stream until the server closes or the browser goes away: {@code data: VERSION} on
     * connecting and at each report, {@code event: stopped} at the end (the page then stops
     * reconnecting, and fetches the last report as {@code /?stopped}).
     */
    private void events(HttpExchange exchange) throws IOException {
        if (!eventClients.tryAcquire()) {
            send(exchange, 503, "text/plain", text("too many event streams open"));
            return;
        }
        synchronized (this) {
            openStreams++;
        }
        try {
            headers(exchange, "text/event-stream");
            if (exchange.getRequestMethod().equals("HEAD")) {
                exchange.sendResponseHeaders(200, -1);
                return;
            }
            exchange.sendResponseHeaders(200, 0);
            OutputStream body = exchange.getResponseBody();
            body.write(text("retry: 1000"));
            long seen = -1;
            while (true) {
                long next;
                boolean stopped;
                synchronized (this) {
                    long deadline = System.currentTimeMillis() + KEEP_ALIVE_MILLIS;
                    for (long left = KEEP_ALIVE_MILLIS;
                            version == seen && !closed && left > 0;
                            left = deadline - System.currentTimeMillis()) {
                        wait(left);
                    }
                    next = version;
                    stopped = closed && next == seen;
                }
                if (stopped) {
                    body.write(text("event: stopped\ndata:\n"));
                    body.flush();
                    synchronized (this) {
                        streamsStopped++;
                    }
                    return;
                }
                body.write(text(next == seen ? ": keep-alive" : "data: " + next + "\n"));
                body.flush();
                seen = next;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // The browser went away: its stream ends here.
        } finally {
            synchronized (this) {
                openStreams--;
                notifyAll();
            }
            eventClients.release();
        }
    }

    /**
     * Ends the event streams, waits (a while at most) for each page told to fetch the last report,
     * then stops listening; the pages keep the last report.
     */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            notifyAll();
            long deadline = System.currentTimeMillis() + DRAIN_MILLIS;
            try {
                for (long left = DRAIN_MILLIS;
                        (openStreams > 0 || lastReportsFetched < streamsStopped) && left > 0;
                        left = deadline - System.currentTimeMillis()) {
                    wait(left);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        server.stop(1);
        handlers.shutdown();
    }
}
