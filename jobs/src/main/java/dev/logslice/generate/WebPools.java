package dev.logslice.generate;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

import static dev.logslice.generate.LineBuffer.utf8;

/**
 * The clients, paths and referrers of one simulated site, drawn once from the seed and kept as
 * bytes, so that composing a line copies bytes and never formats.
 */
final class WebPools {
    private static final int REFERRERS = 500;
    private static final String SITE = "https://www.example.com";
    private static final String[] POPULAR = {
        "/", "/favicon.ico", "/api/v1/health", "/static/css/main.css", "/robots.txt", "/login"
    };
    private static final String[] IPV6_PREFIXES = {"2a02:", "2a01:4f8:", "2600:1700:", "2001:67c:"};
    private static final byte[] DASH = {'-'};

    final byte[][] clients;
    final byte[][] paths;

    /** Whether a path is served by the application (has upstream time) rather than from disk. */
    final boolean[] dynamic;

    final byte[][] referrers = new byte[REFERRERS][];
    final byte[][] methods = bytes(WebVocabulary.METHODS);
    final byte[][] protocols = bytes(WebVocabulary.PROTOCOLS);
    final byte[][] users = bytes(WebVocabulary.USERS);
    final byte[][] agents = bytes(WebVocabulary.USER_AGENTS);
    final byte[][] scannerAgents = bytes(WebVocabulary.SCANNER_AGENTS);
    final byte[][] attackPaths = bytes(WebVocabulary.ATTACK_PATHS);
    final byte[][] vhosts = bytes(WebVocabulary.VHOSTS);
    private final byte[][] externalReferrers = bytes(WebVocabulary.REFERRER_SITES);

    WebPools(SeededRandom random, WebCardinality cardinality) {
        clients = new byte[cardinality.clients()][];
        paths = new byte[cardinality.paths()][];
        dynamic = new boolean[cardinality.paths()];
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < clients.length; i++) {
            String client;
            do {
                // Drawn again when drawn before: --clients N is the number of distinct clients.
                client = random.oneIn(16) ? ipv6(random) : ipv4(random);
            } while (!seen.add(client));
            clients[i] = utf8(client);
        }
        seen.clear();
        for (int i = 0; i < paths.length; i++) {
            String path = i < POPULAR.length ? POPULAR[i] : path(random);
            if (!seen.add(withoutQuery(path)) && i >= WebCardinality.DEFAULT_PATHS) {
                // Drawn before: made distinct, so --paths N gives about N distinct paths. The
                // default pool keeps its few repeats: its logs stay the bytes they always were.
                path = distinct(path, i);
                seen.add(withoutQuery(path));
            }
            paths[i] = utf8(path);
            dynamic[i] =
                    !path.startsWith("/static/")
                            && !path.startsWith("/images/")
                            && !path.equals("/favicon.ico")
                            && !path.equals("/robots.txt");
        }
        for (int i = 0; i < REFERRERS; i++) {
            referrers[i] = utf8(SITE + path(random));
        }
    }

    /** No referrer for almost half, then mostly the site's own pages, some search engines. */
    byte[] referrer(SeededRandom random) {
        int roll = random.nextInt(100);
        if (roll < 45) {
            return DASH;
        }
        return roll < 85 ? referrers[random.skewed(REFERRERS)] : random.pick(externalReferrers);
    }

    private static String ipv4(SeededRandom random) {
        int first;
        do {
            first = random.between(1, 223);
        } while (first == 10 || first == 127);
        return first
                + "."
                + random.nextInt(256)
                + "."
                + random.nextInt(256)
                + "."
                + random.between(1, 254);
    }

    private static String ipv6(SeededRandom random) {
        StringBuilder address = new StringBuilder(random.pick(IPV6_PREFIXES));
        address.append(Integer.toHexString(random.nextInt(0x10000)));
        if (random.nextInt(3) == 0) {
            return address.append("::")
                    .append(Integer.toHexString(random.between(1, 0xff)))
                    .toString();
        }
        for (int i = 0; i < 4; i++) {
            address.append(':').append(Integer.toHexString(random.nextInt(0x10000)));
        }
        return address.toString();
    }

    private static String path(SeededRandom random) {
        String word = random.pick(WebVocabulary.WORDS);
        int n = random.between(1, 9999);
        switch (random.nextInt(10)) {
            case 0:
                return "/static/js/app." + Long.toHexString(random.nextLong() >>> 32) + ".js";
            case 1:
                return "/images/" + word + "-" + n + (random.oneIn(2) ? ".webp" : ".jpg");
            case 2:
                return "/products/" + word + "-" + n;
            case 3:
                return "/category/"
                        + word
                        + "?page="
                        + random.between(1, 40)
                        + "&sort="
                        + (random.oneIn(2) ? "price_asc" : "newest");
            case 4:
                return "/search?q="
                        + encoded(random.pick(WebVocabulary.SEARCH_TERMS))
                        + (random.oneIn(3) ? "&lang=de" : "");
            case 5:
                return "/api/v1/users/" + n + "/orders?limit=" + (10 * random.between(1, 10));
            case 6:
                return "/api/v2/cart/items/" + Long.toHexString(random.nextLong());
            case 7:
                return "/blog/2025/"
                        + (10 + random.between(0, 2))
                        + "/"
                        + word
                        + "-"
                        + random.pick(WebVocabulary.WORDS);
            case 8:
                return "/static/css/" + word + "." + Integer.toHexString(n) + ".css";
            default:
                return "/account/"
                        + word
                        + "?ref="
                        + encoded(
                                random.pick(WebVocabulary.WORDS)
                                        + " "
                                        + random.pick(WebVocabulary.SEARCH_TERMS));
        }
    }

    private static String withoutQuery(String path) {
        int query = path.indexOf('?');
        return query < 0 ? path : path.substring(0, query);
    }

    /** The path with {@code -N} added to its last segment, before any query string. */
    private static String distinct(String path, int n) {
        int query = path.indexOf('?');
        int end = query < 0 ? path.length() : query;
        return path.substring(0, end) + "-" + n + path.substring(end);
    }

    private static String encoded(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    private static byte[][] bytes(String[] strings) {
        return Arrays.stream(strings).map(LineBuffer::utf8).toArray(byte[][]::new);
    }
}
