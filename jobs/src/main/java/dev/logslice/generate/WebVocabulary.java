package dev.logslice.generate;

/** The words web traffic is made of: agents, sites, path parts and attack probes. */
final class WebVocabulary {
    private WebVocabulary() {}

    static final String[] METHODS = {"GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH"};
    static final WeightedIndex METHOD_WEIGHTS = new WeightedIndex(850, 90, 25, 12, 8, 10, 5);

    static final String[] PROTOCOLS = {"HTTP/1.1", "HTTP/2.0", "HTTP/1.0"};
    static final WeightedIndex PROTOCOL_WEIGHTS = new WeightedIndex(60, 37, 3);

    static final String[] USER_AGENTS = {
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)"
                + " Chrome/131.0.0.0 Safari/537.36",
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)"
                + " Version/18.1 Safari/605.1.15",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML,"
                + " like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
        "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko)"
                + " Chrome/131.0.6778.81 Mobile Safari/537.36",
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)"
                + " Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
        "curl/8.5.0",
        "python-requests/2.32.3",
        "Go-http-client/2.0",
        "kube-probe/1.31",
        "-"
    };
    static final WeightedIndex USER_AGENT_WEIGHTS =
            new WeightedIndex(300, 140, 160, 60, 120, 60, 40, 20, 30, 25, 15, 25, 5);

    static final String[] SCANNER_AGENTS = {
        "Mozilla/5.0 zgrab/0.x", "sqlmap/1.8.11#stable (https://sqlmap.org)", "Nuclei - Open-source"
    };

    static final String[] REFERRER_SITES = {
        "https://www.google.com/",
        "https://www.bing.com/",
        "https://duckduckgo.com/",
        "https://news.ycombinator.com/item?id=42117645",
        "https://t.co/x7Qm2pLk9a",
        "android-app://com.google.android.gm/"
    };

    static final String[] VHOSTS = {
        "www.example.com:443", "example.com:80", "api.example.com:443", "static.example.com:443"
    };

    static final String[] USERS = {"alice", "bob", "deploy", "admin", "m.m%C3%BCller"};

    static final String[] WORDS = {
        "shoes", "jackets", "coffee", "garden", "lamps", "tents", "books", "kitchen", "bikes",
        "audio", "gifts", "sale", "outdoor", "office", "kids", "travel", "wool", "linen"
    };

    /** Search terms with spaces, reserved characters and non-ASCII letters, to be %-encoded. */
    static final String[] SEARCH_TERMS = {
        "café au lait", "größe 42", "100% cotton", "a/b test", "东京 ramen", "naïve & simple",
        "c++ books", "red shoes", "\"exact phrase\"", "tents?", "zürich hotels", "emoji 🙂"
    };

    static final String[] ATTACK_PATHS = {
        "/wp-login.php",
        "/.env",
        "/.git/config",
        "/phpmyadmin/index.php",
        "/cgi-bin/luci/;stok=/locale?form=country",
        "/index.php?id=1%27%20OR%20%271%27%3D%271",
        "/..%2F..%2F..%2Fetc%2Fpasswd",
        "/api/v1/users?id=1%3Bselect%20pg_sleep(5)",
        "/actuator/env",
        "/vendor/phpunit/phpunit/src/Util/PHP/eval-stdin.php",
        "/?XDEBUG_SESSION_START=phpstorm",
        "/solr/admin/info/system?wt=json"
    };
}
