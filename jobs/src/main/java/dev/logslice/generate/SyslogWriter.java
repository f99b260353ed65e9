package dev.logslice.generate;

/**
 * BSD syslog as daemons write it to files (RFC 3164 without the priority): {@code Mar 1 00:00:07
 * web-01 sshd[4242]: ...}, days padded with a space, programs with a pid ({@code sshd}, {@code
 * CRON}, {@code systemd}) and without ({@code kernel}, {@code sudo}).
 */
final class SyslogWriter implements LogEventWriter {
    private static final String[] HOSTS = {"web-01", "web-02", "db-1", "lb-a"};
    private static final String[] USERS = {
        "root", "alice", "bob", "deploy", "admin", "ubuntu", "postgres", "test", "oracle"
    };
    private static final int[] PORTS = {22, 23, 80, 443, 3389, 5432, 6379, 8080};
    private static final WeightedIndex PROGRAMS = new WeightedIndex(35, 15, 15, 15, 5, 10, 5);

    private final SeededRandom random;
    private final LogClock clock = new LogClock();

    SyslogWriter(SeededRandom random) {
        this.random = random;
    }

    @Override
    public void writeEvent(LineBuffer out) {
        clock.advance(random.nextInt(400));
        clock.writeSyslog(out);
        out.put(' ').ascii(HOSTS[random.skewed(HOSTS.length)]).put(' ');
        switch (PROGRAMS.pick(random)) {
            case 0 -> sshd(out);
            case 1 -> cron(out);
            case 2 -> kernel(out);
            case 3 -> systemd(out);
            case 4 -> sudo(out);
            case 5 -> postfix(out);
            default -> dhclient(out);
        }
        out.newline();
    }

    @Override
    public int maxEventBytes() {
        return 1024;
    }

    private void sshd(LineBuffer out) {
        out.ascii("sshd[").decimal(random.between(1000, 65000)).ascii("]: ");
        String user = random.pick(USERS);
        switch (random.nextInt(4)) {
            case 0 -> out.ascii("Accepted publickey for ").ascii(user).ascii(" from ");
            case 1 -> out.ascii("Failed password for invalid user ").ascii(user).ascii(" from ");
            case 2 -> out.ascii("Connection closed by authenticating user ").ascii(user).put(' ');
            default -> {
                out.ascii("pam_unix(sshd:session): session opened for user ").ascii(user);
                out.ascii("(uid=").decimal(random.between(1000, 1010)).ascii(") by (uid=0)");
                return;
            }
        }
        ipv4(out).ascii(" port ").decimal(random.between(1024, 65535)).ascii(" ssh2");
    }

    private void cron(LineBuffer out) {
        out.ascii("CRON[").decimal(random.between(1000, 65000)).ascii("]: ");
        if (random.oneIn(2)) {
            out.ascii("(root) CMD (/usr/local/bin/backup.sh --incremental >/dev/null 2>&1)");
        } else {
            out.ascii("pam_unix(cron:session): session closed for user root");
        }
    }

    private void kernel(LineBuffer out) {
        long uptime = clock.millisSinceStart() + 86_400_000L;
        out.ascii("kernel: [").decimal(uptime / 1000).put('.').padded((int) (uptime % 1000), 3);
        out.ascii("123] [UFW BLOCK] IN=eth0 OUT= MAC=52:54:00:12:34:56 SRC=");
        ipv4(out).ascii(" DST=10.0.0.5 LEN=").decimal(random.between(40, 1500));
        out.ascii(" TTL=").decimal(random.between(30, 250)).ascii(" PROTO=TCP SPT=");
        out.decimal(random.between(1024, 65535))
                .ascii(" DPT=")
                .decimal(PORTS[random.nextInt(PORTS.length)]);
    }

    private void systemd(LineBuffer out) {
        out.ascii("systemd[1]: ");
        switch (random.nextInt(3)) {
            case 0 ->
                    out.ascii("Started session-")
                            .decimal(random.between(1, 9999))
                            .ascii(".scope - Session of User ")
                            .ascii(random.pick(USERS))
                            .put('.');
            case 1 -> out.ascii("Starting apt-daily.service - Daily apt download activities...");
            default -> out.ascii("logrotate.service: Deactivated successfully.");
        }
    }

    private void sudo(LineBuffer out) {
        String user = random.pick(USERS);
        out.ascii("sudo:   ").ascii(user).ascii(" : TTY=pts/").decimal(random.nextInt(4));
        out.ascii(" ; PWD=/home/").ascii(user);
        out.ascii(" ; USER=root ; COMMAND=/usr/bin/systemctl restart nginx");
    }

    private void postfix(LineBuffer out) {
        out.ascii("postfix/smtpd[").decimal(random.between(1000, 65000)).ascii("]: ");
        out.ascii(random.oneIn(2) ? "connect from unknown[" : "disconnect from unknown[");
        ipv4(out).put(']');
    }

    private void dhclient(LineBuffer out) {
        out.ascii("dhclient[").decimal(random.between(300, 900)).ascii("]: DHCPREQUEST for ");
        out.ascii("10.0.0.5 on eth0 to 10.0.0.1 port 67 (xid=0x").hex(random.nextLong(), 8);
        out.put(')');
    }

    private LineBuffer ipv4(LineBuffer out) {
        out.decimal(random.between(1, 223)).put('.').decimal(random.nextInt(256)).put('.');
        return out.decimal(random.nextInt(256)).put('.').decimal(random.between(1, 254));
    }
}
