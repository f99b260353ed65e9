package dev.logslice.format.preset;

import dev.logslice.format.Field;
import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;
import dev.logslice.format.multiline.EventBounds;
import dev.logslice.format.registry.FormatOptions;
import dev.logslice.format.registry.FormatRegistry;
import dev.logslice.format.testing.Parsing;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * The logs a server holds beside syslog and its web server's: the kernel's, apt's term.log,
 * alternatives, cloud-init, fail2ban, Tomcat, PHP-FPM, Redis, Elasticsearch, Go programs and
 * certbot. Each family is detected from a sample as it really looks (padding, odd thread names,
 * lines of other shapes mixed in), and read into the fields a user would query.
 */
class ServerLogPresetsTest {
    private static final FormatRegistry REGISTRY = FormatRegistry.standard();

    static LogFormat format(String name) {
        return REGISTRY.create(name, FormatOptions.none());
    }

    static String detected(String content) throws Exception {
        return Parsing.detected(REGISTRY, content);
    }

    static List<ParseResult> read(String format, String content) {
        return Parsing.assemble(format(format), content, EventBounds.DEFAULTS);
    }

    /** The events of {@code content}, which must be detected as {@code format}. */
    static List<LogEvent> detectedAndRead(String format, String content) throws Exception {
        assertThat(detected(content)).isEqualTo(format);
        return events(format, content);
    }

    private static List<LogEvent> events(String format, String content) {
        List<ParseResult> results = read(format, content);
        assertThat(results).allSatisfy(r -> assertThat(r).isInstanceOf(LogEvent.class));
        return results.stream().map(LogEvent.class::cast).collect(Collectors.toList());
    }

    private static final String DMESG_T =
            "[Mon Jan 15 10:20:30 2024] usb 1-1: new high-speed USB device number 2\n"
                    + "[Mon Jan 15 10:20:31 2024] EXT4-fs (sda1): re-mounted. Quota mode: none.";

    private static final String APACHE_ERROR =
            "[Sun Dec 04 04:47:44 2005] [notice] workerEnv.init() ok /etc/httpd/conf/workers2\n"
                    + "[Sun Dec 04 04:47:44 2005] [error] mod_jk child workerEnv in error state 6";

    private static final String ALTERNATIVES =
            "update-alternatives 2024-01-02 03:04:05: run with --quiet --install"
                    + " /usr/bin/pager pager /usr/bin/less 77 --slave /usr/share/man/man1/pager.1.gz"
                    + " pager.1.gz /usr/share/man/man1/less.1.gz\n"
                    + "update-alternatives 2024-01-02 03:04:05: link group pager updated to point"
                    + " to /usr/bin/less";

    private static final String CLOUD_INIT =
            "2024-01-15 10:20:30,123 - util.py[DEBUG]: Cloud-init v. 23.1.2 running 'init-local'\n"
                    + "2024-01-15 10:20:30,456 - handlers.py[WARNING]: failed posting event:"
                    + " start: init-network/check-cache\n"
                    + "2024-01-15 10:20:31,001 - url_helper.py[ERROR]: Calling 'http://169.254.169.254/'"
                    + " failed [0/120s]\n"
                    + "Traceback (most recent call last):\n"
                    + "  File \"/usr/lib/python3/dist-packages/cloudinit/url_helper.py\", line 5, in x\n"
                    + "TimeoutError: timed out\n"
                    + "2024-01-15 10:20:32,000 - cc_final_message.py[INFO]: Cloud-init v. 23.1.2"
                    + " finished";

    private static final String FAIL2BAN =
            "2024-01-15 10:20:30,123 fail2ban.server         [812]: INFO    Starting Fail2ban v1.0.2\n"
                    + "2024-01-15 10:20:31,001 fail2ban.filter         [812]: INFO    [sshd] Found"
                    + " 203.0.113.5 - 2024-01-15 10:20:30\n"
                    + "2024-01-15 10:20:31,002 fail2ban.actions        [812]: NOTICE  [sshd] Ban"
                    + " 203.0.113.5\n"
                    + "2024-01-15 10:20:32,500 fail2ban.utils          [812]: HEAVYDEBUG 7f2c -- returned 0\n"
                    + "2024-01-15 10:20:33,000 fail2ban.actions: WARNING [ssh] Unban 198.51.100.7";

    private static final String TOMCAT =
            "15-Jan-2024 10:20:30.123 INFO [main] org.apache.catalina.startup.Catalina.start"
                    + " Server startup in [1234] milliseconds\n"
                    + "15-Jan-2024 10:20:31.002 SEVERE [http-nio-8080-exec-7]"
                    + " org.apache.catalina.core.StandardWrapperValve.invoke Servlet.service() for"
                    + " servlet [dispatcher] threw exception\n"
                    + "\tjava.lang.NullPointerException: boom\n"
                    + "\t\tat com.example.Cart.add(Cart.java:42)\n"
                    + "15-Jan-2024 10:20:32.000 WARNING [Catalina-utility-1 [pool] #2]"
                    + " org.apache.catalina.loader.WebappClassLoaderBase.clearReferencesThreads"
                    + " The web application [ROOT] appears to have started a thread\n"
                    + "15-Jan-2024 10:20:33.000 FINE [main] org.apache.Foo.bar fine detail";

    private static final String PHP_FPM =
            "[15-Jan-2024 10:20:30] NOTICE: fpm is running, pid 1234\n"
                    + "[15-Jan-2024 10:20:30] NOTICE: ready to handle connections\n"
                    + "[15-Jan-2024 10:25:00] WARNING: [pool www] server reached pm.max_children"
                    + " setting (5), consider raising it\n"
                    + "[15-Jan-2024 10:25:01] WARNING: [pool www] child 4242 said into stderr:"
                    + " \"PHP message: PHP Warning:  Undefined variable $x\"";

    private static final String REDIS =
            "1:C 15 Jan 2024 10:20:30.123 # oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo\n"
                    + "1:C 15 Jan 2024 10:20:30.124 # Redis version=7.2.4, bits=64, pid=1\n"
                    + "1:M 15 Jan 2024 10:20:30.125 * monotonic clock: POSIX clock_gettime\n"
                    + "                _._\n"
                    + "           _.-``__ ''-._\n"
                    + "1:M 15 Jan 2024 10:20:30.126 - Accepted 10.0.0.5:50522\n"
                    + "1:S 15 Jan 2024 10:20:30.127 . Client closed connection\n"
                    + "4242:M 15 Jan 2024 10:20:31.000 * Ready to accept connections tcp";

    private static final String ELASTICSEARCH =
            "[2024-01-15T10:20:30,123][INFO ][o.e.n.Node               ] [node-1] version[8.11.1]\n"
                    + "[2024-01-15T10:20:31,456][WARN ][o.e.c.r.a.DiskThresholdMonitor] [node-1]"
                    + " high disk watermark [90%] exceeded\n"
                    + "[2024-01-15T10:20:32,000][ERROR][o.e.b.ElasticsearchUncaughtExceptionHandler]"
                    + " [node-1] uncaught exception in thread [main]\n"
                    + "org.elasticsearch.bootstrap.StartupException: java.lang.IllegalStateException:"
                    + " failed to obtain node locks\n"
                    + "\tat org.elasticsearch.bootstrap.Elasticsearch.init(Elasticsearch.java:173)\n";

    private static final String GO =
            "2024/01/15 10:20:30 main.go:42: listening on :8080\n"
                    + "2024/01/15 10:20:30.123456 handler.go:77: GET /healthz 200 1.2ms\n"
                    + "2024/01/15 10:20:31 http: TLS handshake error from 203.0.113.5:50522: EOF";

    private static final String NGINX_ERROR =
            "2024/01/02 03:04:05 [notice] 812#812: signal process started\n"
                    + "2024/01/02 03:04:06 [error] 812#812: *7 open() \"/srv/x\" failed (2: No such"
                    + " file or directory), client: 10.0.0.5, server: shop, request: \"GET /x"
                    + " HTTP/1.1\", host: \"shop\"";

    private static final String CERTBOT =
            "2024-01-15 10:20:30,123:DEBUG:certbot._internal.main:certbot version: 2.1.0\n"
                    + "2024-01-15 10:20:30,124:DEBUG:certbot._internal.main:Arguments: ['-q']\n"
                    + "2024-01-15 10:20:31,000:INFO:certbot._internal.renewal:Cert not yet due for"
                    + " renewal: example.com";

    private static final String TRAEFIK =
            "203.0.113.5 - - [15/Jan/2024:10:20:30 +0000] \"GET /api/cart HTTP/1.1\" 200 1532 \"-\""
                    + " \"Mozilla/5.0 (X11; Linux x86_64)\" 17 \"shop@docker\" \"http://10.0.0.7:8080\""
                    + " 3ms\n"
                    + "203.0.113.6 - alice [15/Jan/2024:10:20:31 +0000] \"POST /api/pay HTTP/2.0\" 502 0"
                    + " \"https://shop.example.com/\" \"curl/8.5.0\" 18 \"pay@file\" \"-\" 1204ms";

    private static final String SQUID =
            "1705314030.123    123 10.0.0.5 TCP_MISS/200 1532 GET http://example.com/ -"
                    + " HIER_DIRECT/93.184.216.34 text/html\n"
                    + "1705314031.456     12 10.0.0.6 TCP_DENIED/403 3950 CONNECT evil.example:443 bob"
                    + " HIER_NONE/- -";

    static final String DMESG =
            "[    0.000000] Linux version 6.1.0-18-amd64 (debian-kernel@lists.debian.org) (gcc-12"
                    + " (Debian 12.2.0-14) 12.2.0) #1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1\n"
                    + "[    0.000000] Command line: BOOT_IMAGE=/boot/vmlinuz root=UUID=4f1c ro quiet\n"
                    + "[    0.375001] amd_pstate: the _CPC object is not present in SBIOS or ACPI disabled\n"
                    + "               Please enable it if your BIOS has the CPPC option.\n"
                    + "[    1.204551] usb 1-1: new high-speed USB device number 2 using xhci_hcd\n"
                    + "[   12.718002] EXT4-fs (sda1): mounted filesystem with ordered data mode\n"
                    + "[ 8123.000013] [UFW BLOCK] IN=eth0 OUT= SRC=203.0.113.5 DST=10.0.0.2 PROTO=TCP\n"
                    + "[123456.789012] Out of memory: Killed process 4242 (java) total-vm:8123456kB";

    @Test
    void dmesgLinesKeepTheirUptimeOrTimeAndMessage() throws Exception {
        List<LogEvent> events = detectedAndRead("kernel", DMESG);

        assertThat(events).hasSize(7);
        assertThat(events.get(0).extra()).containsEntry("uptime", "0.000000");
        assertThat(events.get(2).lineCount()).isEqualTo(2);
        assertThat(events.get(0).message()).startsWith("Linux version 6.1.0-18-amd64");
        assertThat(events.get(5).message()).startsWith("[UFW BLOCK] IN=eth0");
        assertThat(events.get(6).extra()).containsEntry("uptime", "123456.789012");
        LogEvent humanTime = detectedAndRead("kernel", DMESG_T).get(1);
        assertThat(humanTime.timestampText()).isEqualTo("2024-01-15T10:20:31Z");
        assertThat(humanTime.message()).isEqualTo("EXT4-fs (sda1): re-mounted. Quota mode: none.");
    }

    @Test
    void apacheErrorLinesAreStillApachesNotDmesgs() throws Exception {
        assertThat(detected(APACHE_ERROR)).isEqualTo("apache-error");
    }

    static final String APT_TERM =
            "Log started: 2024-01-02  03:04:05\n"
                    + "Selecting previously unselected package nginx-common.\n"
                    + "(Reading database ... \r(Reading database ... 5%\r(Reading database ... 100%\n"
                    + "Preparing to unpack .../nginx-common_1.22.1-9_all.deb ...\n"
                    + "Setting up nginx (1.22.1-9) ...\n"
                    + "Log started: fake text a maintainer script printed\n"
                    + "Log ended: 2024-01-02  03:04:09\n"
                    + "\n"
                    + "Log started: 2024-01-03  11:00:00\n"
                    + "dpkg: error processing package nginx (--configure):\n"
                    + " installed nginx package post-installation script subprocess returned error"
                    + " exit status 1\n"
                    + "Log ended: 2024-01-03  11:00:42\n";

    @Test
    void aptTermLogIsOneEventPerRun() throws Exception {
        List<LogEvent> events = detectedAndRead("apt-term", APT_TERM);

        assertThat(events).hasSize(2);
        assertThat(events.get(0).timestampText()).isEqualTo("2024-01-02T03:04:05Z");
        assertThat(events.get(0).lineCount()).isEqualTo(8);
        assertThat(events.get(0).message()).contains("Log started: fake text", "Log ended:");
        assertThat(events.get(1).message()).contains("returned error exit status 1");
    }

    @Test
    void aptTermLinesBeforeTheFirstRunAreCounted() {
        List<ParseResult> results = read("apt-term", "stray output\n" + APT_TERM);

        assertThat(results.get(0)).isInstanceOf(MalformedLine.class);
        assertThat(results).hasSize(3);
    }

    @Test
    void alternativesLog() throws Exception {
        List<LogEvent> events = detectedAndRead("alternatives", ALTERNATIVES);

        assertThat(events.get(1).program()).isEqualTo("update-alternatives");
        assertThat(events.get(1).message())
                .isEqualTo("link group pager updated to point to /usr/bin/less");
    }

    @Test
    void cloudInitLogWithATraceback() throws Exception {
        List<LogEvent> events = detectedAndRead("cloud-init", CLOUD_INIT);

        assertThat(events).hasSize(4);
        assertThat(events.get(1).level()).isEqualTo("WARNING");
        assertThat(events.get(1).logger()).isEqualTo("handlers.py");
        assertThat(events.get(2).lineCount()).isEqualTo(4);
    }

    @Test
    void fail2banWithPaddedModulesAndLevels() throws Exception {
        List<LogEvent> events = detectedAndRead("fail2ban", FAIL2BAN);

        assertThat(events.get(0).message()).isEqualTo("Starting Fail2ban v1.0.2");
        assertThat(events.get(2).level()).isEqualTo("NOTICE");
        assertThat(events.get(2).logger()).isEqualTo("fail2ban.actions");
        assertThat(events.get(2).pid()).isEqualTo(812);
        assertThat(events.get(2).extra()).containsExactly(entry("jail", "sshd"));
        assertThat(events.get(2).message()).isEqualTo("Ban 203.0.113.5");
        assertThat(events.get(3).level()).isEqualTo("HEAVYDEBUG");
        assertThat(events.get(4).message()).isEqualTo("[ssh] Unban 198.51.100.7");
    }

    @Test
    void tomcatWithOddThreadNamesAndATrace() throws Exception {
        List<LogEvent> events = detectedAndRead("tomcat", TOMCAT);

        assertThat(events).hasSize(4);
        assertThat(events.get(1).thread()).isEqualTo("http-nio-8080-exec-7");
        assertThat(events.get(1).lineCount()).isEqualTo(3);
        assertThat(events.get(2).thread()).isEqualTo("Catalina-utility-1 [pool] #2");
        assertThat(events.get(2).logger())
                .isEqualTo(
                        "org.apache.catalina.loader.WebappClassLoaderBase.clearReferencesThreads");
        assertThat(events.get(2).message()).startsWith("The web application [ROOT]");
    }

    @Test
    void phpFpmWithAndWithoutPool() throws Exception {
        List<LogEvent> events = detectedAndRead("php-fpm", PHP_FPM);

        assertThat(events.get(0).message()).isEqualTo("fpm is running, pid 1234");
        assertThat(events.get(2).extra()).containsExactly(entry("pool", "www"));
        assertThat(events.get(2).level()).isEqualTo("WARNING");
    }

    @Test
    void redisLevelMarksAreNamedAndTheLogoJoinsItsEvent() throws Exception {
        List<LogEvent> events = detectedAndRead("redis", REDIS);

        assertThat(events).hasSize(6);
        assertThat(events.get(0).level()).isEqualTo("warning");
        assertThat(events.get(0).extra()).containsExactly(entry("role", "C"));
        assertThat(events.get(2).level()).isEqualTo("notice");
        assertThat(events.get(2).lineCount()).isEqualTo(3);
        assertThat(events.get(3).level()).isEqualTo("verbose");
        assertThat(events.get(4).level()).isEqualTo("debug");
        assertThat(events.get(5).pid()).isEqualTo(4242);
        assertThat(events.get(5).timestampText()).isEqualTo("2024-01-15T10:20:31Z");
    }

    @Test
    void elasticsearchPaddedLevelsAndLoggers() throws Exception {
        List<LogEvent> events = detectedAndRead("elasticsearch", ELASTICSEARCH.strip());

        assertThat(events).hasSize(3);
        assertThat(events.get(0).level()).isEqualTo("INFO");
        assertThat(events.get(0).logger()).isEqualTo("o.e.n.Node");
        assertThat(events.get(0).extra()).containsExactly(entry("node", "node-1"));
        assertThat(events.get(1).level()).isEqualTo("WARN");
        assertThat(events.get(2).lineCount()).isEqualTo(3);
    }

    @Test
    void goLogWithAndWithoutMicroseconds() throws Exception {
        List<LogEvent> events = detectedAndRead("go", GO);

        assertThat(events.get(1).timestampText()).isEqualTo("2024-01-15T10:20:30.123456Z");
        assertThat(events.get(2).message()).startsWith("http: TLS handshake error");
    }

    @Test
    void nginxErrorLogIsStillNginxsNotGos() throws Exception {
        assertThat(detected(NGINX_ERROR)).isEqualTo("nginx-error");
    }

    @Test
    void certbotLogIsPythonLogging() throws Exception {
        List<LogEvent> events = detectedAndRead("python", CERTBOT);

        assertThat(events.get(2).level()).isEqualTo("INFO");
        assertThat(events.get(2).logger()).isEqualTo("certbot._internal.renewal");
        assertThat(events.get(2).message()).isEqualTo("Cert not yet due for renewal: example.com");
    }

    @Test
    void traefikIsCombinedWithItsRouterBackendAndDuration() throws Exception {
        List<LogEvent> events = detectedAndRead("traefik", TRAEFIK);

        assertThat(events.get(0).requestTime()).isEqualTo(0.003);
        assertThat(events.get(0).extra())
                .containsExactly(
                        entry("requests", 17L),
                        entry("router", "shop@docker"),
                        entry("backend", "http://10.0.0.7:8080"));
        assertThat(events.get(1).user()).isEqualTo("alice");
        assertThat(events.get(1).status()).isEqualTo(502);
        assertThat(events.get(1).requestTime()).isEqualTo(1.204);
        assertThat(events.get(1).referrer()).isEqualTo("https://shop.example.com/");
    }

    @Test
    void squidNativeAccessLog() throws Exception {
        List<LogEvent> events = detectedAndRead("squid", SQUID);

        assertThat(events.get(0).timestampText()).isEqualTo("2024-01-15T10:20:30.123Z");
        assertThat(events.get(0).requestTime()).isEqualTo(0.123);
        assertThat(events.get(0).path()).isEqualTo("http://example.com/");
        assertThat(events.get(1).status()).isEqualTo(403);
        assertThat(events.get(1).method()).isEqualTo("CONNECT");
        assertThat(events.get(1).user()).isEqualTo("bob");
        assertThat(events.get(1).extra())
                .containsEntry("cacheResult", "TCP_DENIED")
                .containsEntry("hierarchy", "HIER_NONE");
    }

    /**
     * Arch Linux's pacman.log, in pacman 5's form (ISO time with offset, the component in brackets)
     * and the older minute-precise one with and without the component: every line was refused as no
     * known format.
     */
    @Test
    void pacmanLog() throws Exception {
        String log =
                "[2024-03-09T22:58:01+0100] [PACMAN] Running 'pacman -Syu --noconfirm'\n"
                        + "[2024-03-09T22:58:05+0100] [ALPM] upgraded linux (6.7.4.arch1-1 ->"
                        + " 6.7.5.arch1-1)\n"
                        + "[2024-03-09T22:58:06+0100] [ALPM-SCRIPTLET] ==> Image generation"
                        + " successful\n"
                        + "[2019-01-02 03:04] [ALPM] installed pâckage-ü (1.0-1)\n"
                        + "[2012-01-02 03:04] upgraded foo (1 -> 2)\n";

        List<LogEvent> events = detectedAndRead("pacman", log);

        assertThat(events)
                .extracting(LogEvent::logger)
                .containsExactly("PACMAN", "ALPM", "ALPM-SCRIPTLET", "ALPM", null);
        assertThat(events.get(1).timestampText()).isEqualTo("2024-03-09T22:58:05+01:00");
        assertThat(events.get(1).message())
                .isEqualTo("upgraded linux (6.7.4.arch1-1 -> 6.7.5.arch1-1)");
        assertThat(events.get(3).timestampText()).isEqualTo("2019-01-02T03:04:00Z");
        assertThat(events.get(4).message()).isEqualTo("upgraded foo (1 -> 2)");
    }

    /**
     * CUPS's error_log, a letter for the level before an access log's time: every line was refused
     * as no known format.
     */
    @Test
    void cupsErrorLog() throws Exception {
        String log =
                "E [09/Mar/2024:22:58:01 +0100] [cups-deviced] PID 1234 (gutenprint52+usb) stopped"
                        + " with status 1!\n"
                        + "I [09/Mar/2024:22:58:02 +0100] [Job 17] Job completed.\n"
                        + "W [09/Mar/2024:22:58:03 +0100] Printer \"HP_LaserJet_ü\" not responding.\n"
                        + "d [09/Mar/2024:22:58:04 +0000] cupsdAcceptClient: skipping getpeercon()\n"
                        + "X [09/Mar/2024:22:58:05 +0000] cupsd: out of memory\n";

        List<LogEvent> events = detectedAndRead("cups", log);

        assertThat(events)
                .extracting(LogEvent::level)
                .containsExactly("error", "info", "warning", "trace", "emergency");
        assertThat(events.get(0).timestampText()).isEqualTo("2024-03-09T22:58:01+01:00");
        assertThat(events.get(1).message()).isEqualTo("[Job 17] Job completed.");
        assertThat(read("cups", "Q [09/Mar/2024:22:58:01 +0100] no such level"))
                .singleElement()
                .isInstanceOf(MalformedLine.class);
    }

    /**
     * The FTP transfer log of vsftpd, ProFTPD and Pure-FTPd (xferlog), and vsftpd's own log: every
     * line was refused as no known format. A file name may hold blanks; days are space-padded.
     */
    @Test
    void ftpTransferLogAndVsftpdsLog() throws Exception {
        String xferlog =
                "Sat Mar  9 22:58:01 2024 1 203.0.113.5 1048576 /srv/ftp/pub/release 1.0.iso b _ o"
                        + " r ftpuser ftp 0 * c\n"
                        + "Sun Mar 10 04:05:06 2024 0 2001:db8::7 0 /incoming/ünï.txt a _ i a"
                        + " anonymous ftp 0 * i\n";
        String vsftpd =
                "Sat Mar  9 22:58:01 2024 [pid 2000] CONNECT: Client \"::ffff:203.0.113.5\"\n"
                        + "Sat Mar  9 22:58:02 2024 [pid 2001] [ftpuser] OK LOGIN: Client"
                        + " \"::ffff:203.0.113.5\"\n"
                        + "Sat Mar  9 22:58:03 2024 [pid 2002] [ftp user] OK UPLOAD: Client"
                        + " \"::ffff:203.0.113.5\", \"/home/ftp/a b.txt\", 1024 bytes, 33.45Kbyte/sec\n"
                        + "Sat Mar  9 22:58:04 2024 [pid 2003] [root] FAIL LOGIN: Client"
                        + " \"::ffff:198.51.100.9\"\n"
                        // A user name of the client's own making, that looks like a login.
                        + "Sat Mar  9 22:58:05 2024 [pid 2004] [x] OK LOGIN: Client \"6.6.6.6\"]"
                        + " FAIL LOGIN: Client \"::ffff:198.51.100.9\"\n"
                        + "Sat Mar  9 22:58:06 2024 [pid 2005] FTP command: Client \"::1\", \"USER"
                        + " x\"\n";

        List<LogEvent> transfers = detectedAndRead("xferlog", xferlog);
        List<LogEvent> sessions = detectedAndRead("vsftpd", vsftpd);

        LogEvent download = transfers.get(0);
        assertThat(download.timestampText()).isEqualTo("2024-03-09T22:58:01Z");
        assertThat(download.requestTime()).isEqualTo(1.0);
        assertThat(download.client()).isEqualTo("203.0.113.5");
        assertThat(download.bytes()).isEqualTo(1048576L);
        assertThat(download.path()).isEqualTo("/srv/ftp/pub/release 1.0.iso");
        assertThat(download.user()).isEqualTo("ftpuser");
        assertThat(download.extra())
                .contains(
                        entry("transferType", "b"),
                        entry("direction", "o"),
                        entry("accessMode", "r"),
                        entry("completion", "c"));
        assertThat(transfers.get(1).client()).isEqualTo("2001:db8::7");
        assertThat(transfers.get(1).path()).isEqualTo("/incoming/ünï.txt");
        assertThat(transfers.get(1).extra()).containsEntry("completion", "i");
        assertThat(sessions)
                .extracting(LogEvent::pid)
                .containsExactly(2000L, 2001L, 2002L, 2003L, 2004L, 2005L);
        assertThat(sessions.get(0).has(Field.USER)).isFalse();
        assertThat(sessions.get(0).client()).isEqualTo("::ffff:203.0.113.5");
        assertThat(sessions.get(0).extra()).containsExactly(entry("action", "CONNECT"));
        assertThat(sessions.get(2).user()).isEqualTo("ftp user");
        assertThat(sessions.get(2).extra())
                .containsExactly(
                        entry("result", "OK"),
                        entry("action", "UPLOAD"),
                        entry("details", "\"/home/ftp/a b.txt\", 1024 bytes, 33.45Kbyte/sec"));
        assertThat(sessions.get(3).user()).isEqualTo("root");
        assertThat(sessions.get(3).client()).isEqualTo("::ffff:198.51.100.9");
        assertThat(sessions.get(3).extra())
                .contains(entry("result", "FAIL"), entry("action", "LOGIN"));
        LogEvent spoof = sessions.get(4);
        assertThat(spoof.user()).isEqualTo("x] OK LOGIN: Client \"6.6.6.6\"");
        assertThat(spoof.client()).isEqualTo("::ffff:198.51.100.9");
        assertThat(spoof.extra()).contains(entry("result", "FAIL"), entry("action", "LOGIN"));
        assertThat(sessions.get(5).message()).isEqualTo("FTP command: Client \"::1\", \"USER x\"");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "tomcat | 15-Jan-2024 10:20:30.123 NOTICE [main] a.B.c no such JUL level",
                "redis | 1:M 15 Jan 2024 10:20:30.125 ! no such mark",
                "php-fpm | [15-Jan-2024 10:20:30] INFO: php-fpm has no INFO",
                "fail2ban | 2024-01-15 10:20:30,123 fail2ban.server [812]: LOUD no such level",
                "kernel | [abc] not an uptime"
            })
    void linesOfUnknownLevelsOrShapesAreMalformed(String format, String line) {
        assertThat(read(format, line)).singleElement().isInstanceOf(MalformedLine.class);
    }
}
