package dev.logslice.stats;

import ua_parser.Client;
import ua_parser.Parser;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Browser, operating system and device class of a user agent, with uap-java (the ua-parser
 * project's rules). Its rules load (about 0.4-1 s) when this class is first used, which only a
 * drain of user agents does: scan, grep, and stats on logs without agents never load them.
 *
 * <p>A parse costs 0.3-1 ms, so each distinct agent is parsed once per JVM (the report asks for
 * each, the most frequent first) and kept, up to {@link #MAX_AGENTS}: past that, agents not seen
 * before count as {@link #UNCLASSIFIED}, which bounds both memory and time on a log of millions of
 * forged agents.
 */
final class UserAgents {
    /** Distinct agents parsed and kept: some 4 s of parsing at most. */
    static final int MAX_AGENTS = 4096;

    static final String UNCLASSIFIED = "(not classified)";

    /** What one agent is; {@code bot} agents count as crawlers, not as browsers of people. */
    record Agent(String browser, String os, String deviceClass, boolean bot) {}

    static final Agent NOT_PARSED = new Agent(UNCLASSIFIED, UNCLASSIFIED, UNCLASSIFIED, false);

    /** Systems of computers with a keyboard, as uap-java names them. */
    private static final Set<String> DESKTOP_SYSTEMS =
            Set.of(
                    "Windows",
                    "Mac OS X",
                    "Linux",
                    "Ubuntu",
                    "Chrome OS",
                    "Fedora",
                    "Debian",
                    "FreeBSD",
                    "OpenBSD",
                    "NetBSD",
                    "Solaris",
                    "Arch Linux",
                    "Mint",
                    "openSUSE");

    private static final Set<String> MOBILE_SYSTEMS =
            Set.of(
                    "iOS",
                    "Android",
                    "Windows Phone",
                    "BlackBerry OS",
                    "KaiOS",
                    "Tizen",
                    "HarmonyOS");

    private static final Parser PARSER = new Parser();
    private static final ConcurrentHashMap<String, Agent> KNOWN = new ConcurrentHashMap<>();

    private UserAgents() {}

    /** The agent's classes: parsed on the first sight, then from memory. */
    static Agent of(String userAgent) {
        Agent known = KNOWN.get(userAgent);
        if (known != null) {
            return known;
        }
        if (KNOWN.size() >= MAX_AGENTS) {
            return NOT_PARSED;
        }
        return KNOWN.computeIfAbsent(userAgent, UserAgents::parse);
    }

    /**
     * Forgets every agent parsed, so that agents not seen before are parsed again: for a test that
     * forges more agents than are parsed, which would leave the tests after it none to parse.
     */
    static void forgetAll() {
        KNOWN.clear();
    }

    private static Agent parse(String userAgent) {
        Client client = PARSER.parse(userAgent);
        String browser = client.userAgent.family;
        String os = client.os.family;
        String device = client.device.family;
        // Tools and scripts (curl, scanners) name no platform, which browsers always do.
        boolean bot = "Spider".equals(device) || ("Other".equals(os) && "Other".equals(device));
        return new Agent(browser, os, deviceClass(userAgent, os, device, bot), bot);
    }

    private static String deviceClass(String userAgent, String os, String device, boolean bot) {
        if (bot) {
            return "bot";
        }
        if (device.startsWith("iPad")
                || device.contains("Tablet")
                || device.startsWith("Kindle")
                || ("Android".equals(os) && !userAgent.contains("Mobile"))) {
            return "tablet";
        }
        if (MOBILE_SYSTEMS.contains(os) || userAgent.contains("Mobile")) {
            return "phone";
        }
        return DESKTOP_SYSTEMS.contains(os) ? "desktop" : "other";
    }
}
