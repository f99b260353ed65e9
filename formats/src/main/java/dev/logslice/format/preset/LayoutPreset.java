package dev.logslice.format.preset;

import dev.logslice.format.LogFormat;
import dev.logslice.format.layout.EventCheck;
import dev.logslice.format.multiline.ContinuationLines;

import javax.annotation.Nullable;

import java.util.List;

/**
 * Formats that are a few {@link LayoutSpec} layouts, each a format of its own name: the default
 * layouts of Python logging (and certbot's), OpenStack, Android logcat, Hadoop's HDFS, PostgreSQL,
 * MySQL, Windows CBS and setupapi, Debian's dpkg, apt and alternatives logs, the kernel's ring
 * buffer, cloud-init, fail2ban, Tomcat, PHP-FPM, Redis, Elasticsearch, Go's log package, nginx's
 * error log, AWS load balancers and S3, the HAProxy line without its syslog header, and Kubernetes
 * CRI. Layouts are tried in order; the first that reads a line wins.
 */
public enum LayoutPreset {
    PYTHON(
            "python",
            "Python logging: the docs' '%(asctime)s - %(name)s - %(levelname)s - %(message)s',"
                    + " basicConfig's 'LEVEL:name:message', Flask's '[time] LEVEL in module:"
                    + " message', Django's verbose formatter, gunicorn's error log and uvicorn's"
                    + " console (FastAPI), its requests read; tracebacks join their event",
            "2024-01-15 10:20:30,123 - urllib3.connectionpool - WARNING - Retrying"
                    + " (Retry(total=2)) after connection broken",
            ContinuationLines.STACK_TRACES,
            LevelNames.PYTHON,
            "%{timestamp:yyyy-MM-dd HH:mm:ss,SSS} - %{logger:text} - %{level} - %{message}",
            // certbot's letsencrypt.log
            "%{timestamp:yyyy-MM-dd HH:mm:ss,SSS}:%{level}:%{logger:text}:%{message}",
            // A token: uvicorn's "INFO:     host:port - ..." has no logger, the client is none.
            "%{level}:%{logger:token}:%{message}",
            // gunicorn's error log
            "[%{timestamp:yyyy-MM-dd HH:mm:ss Z}] [%{pid}] [%{level}] %{message}",
            // Flask's default handler: "[TIME] LEVEL in module: message"
            "[%{timestamp:yyyy-MM-dd HH:mm:ss,SSS}] %{level} in %{module}: %{message}",
            // Two of the tutorials' favourites: '%(asctime)s [%(levelname)s] %(name)s: ...'
            // and '%(asctime)s - %(levelname)s - %(message)s'.
            "%{timestamp:yyyy-MM-dd HH:mm:ss,SSS} [%{level}] %{logger:token}: %{message}",
            "%{timestamp:yyyy-MM-dd HH:mm:ss,SSS} - %{level} - %{message}",
            // The "verbose" formatter of Django's logging docs: '{levelname} {asctime} {module}
            // {process:d} {thread:d} {message}'.
            "%{level} %{timestamp:yyyy-MM-dd HH:mm:ss,SSS} %{module} %{pid} %{threadId:digits}"
                    + " %{message}",
            // uvicorn's console: a request, then any other line
            "%{level}: %{client}:%{clientPort:num} - \"%{request}\" %{status} %{_:text}",
            "%{level}: %{message}"),
    OPENSTACK(
            "openstack",
            "OpenStack (oslo.log) services: time, pid, level, module, [request context]",
            "2017-05-16 00:00:00.008 25746 INFO nova.osapi_compute.wsgi.server"
                    + " [req-38101a0b-2096-447d-96ea-a692162415ae 113d3a99c3da401fbd62cc2caa5b96d2"
                    + " 54fadb412c4e40cdbaed9335e4c35a9e - default default] 10.11.10.1 \"GET"
                    + " /v2/54fadb412c4e40cdbaed9335e4c35a9e/servers/detail HTTP/1.1\" status: 200"
                    + " len: 1893 time: 0.2477829",
            ContinuationLines.STACK_TRACES,
            LevelNames.OPENSTACK,
            "%{timestamp:yyyy-MM-dd HH:mm:ss.SSS} %{pid} %{level} %{logger} [%{context:text}]"
                    + " %{message}",
            "%{timestamp:yyyy-MM-dd HH:mm:ss.SSS} %{pid} %{level} %{logger} %{message}",
            "%{logFile} %{timestamp:yyyy-MM-dd HH:mm:ss.SSS} %{pid} %{level} %{logger}"
                    + " [%{context:text}] %{message}"),
    LOGCAT(
            "logcat",
            "Android logcat: threadtime (the default), time and brief; levels V D I W E F A",
            "01-15 10:20:30.123  1234  5678 I ActivityManager: Start proc 4242:com.example/u0a101",
            ContinuationLines.NONE,
            LevelNames.LOGCAT,
            "%{timestamp:MM-dd HH:mm:ss.SSS} %{pid} %{threadId:digits} %{level} %{logger:text}:"
                    + " %{message}",
            "%{timestamp:yyyy-MM-dd HH:mm:ss.SSS} %{pid} %{threadId:digits} %{level}"
                    + " %{logger:text}: %{message}",
            "%{timestamp:MM-dd HH:mm:ss.SSS} %{level}/%{logger:text}(%{pid}): %{message}",
            "%{timestamp:MM-dd HH:mm:ss.SSS} %{level}/%{logger:text}( %{pid}): %{message}",
            "%{level}/%{logger:text}(%{pid}): %{message}",
            "%{level}/%{logger:text}( %{pid}): %{message}"),
    HDFS(
            "hdfs",
            "Hadoop HDFS classic layout: yyMMdd HHmmss pid LEVEL class: message",
            "081109 203615 148 INFO dfs.DataNode$PacketResponder: PacketResponder 1 for block"
                    + " blk_38865049064139660 terminating",
            ContinuationLines.STACK_TRACES,
            LevelNames.LOG4J,
            "%{timestamp:yyMMdd HHmmss} %{pid} %{level} %{logger}: %{message}"),
    POSTGRESQL(
            "postgresql",
            "PostgreSQL server log of the default prefixes ('%m [%p] ', Debian's '%t [%p-%l]"
                    + " %q%u@%d ', '%t ' alone, Amazon RDS's '%t:%r:%u@%d:[%p]:'); times at the offset of the zone name (UTC, CET, +01), kept in extra; unknown names read in --zone",
            "2024-01-15 10:20:30.123 UTC [4242] LOG:  duration: 1204.551 ms  statement: SELECT"
                    + " count(*) FROM orders",
            ContinuationLines.STACK_TRACES,
            LevelNames.POSTGRESQL,
            "%{timestamp:yyyy-MM-dd HH:mm:ss.SSS} %{zone} [%{pid}] %{level:token}:  %{message}",
            "%{timestamp:yyyy-MM-dd HH:mm:ss.SSS} %{zone} [%{pid}-%{lineNumber:digits}]"
                    + " %{level:token}:  %{message}",
            "%{timestamp:yyyy-MM-dd HH:mm:ss.SSS} %{zone} [%{pid}] %{user}@%{database}"
                    + " %{level:token}:  %{message}",
            "%{timestamp:yyyy-MM-dd HH:mm:ss.SSS} %{zone} [%{pid}-%{lineNumber:digits}]"
                    + " %{user}@%{database} %{level:token}:  %{message}",
            // '%t ' and '%m ' alone: Hadoop's layout read the zone as the level, the level as
            // the logger.
            "%{timestamp:yyyy-MM-dd HH:mm:ss.SSS} %{zone} %{level:token}:  %{message}",
            "%{timestamp:yyyy-MM-dd HH:mm:ss.SSS} %{zone} %{user}@%{database} %{level:token}:"
                    + "  %{message}",
            // Amazon RDS's and Aurora's fixed '%t:%r:%u@%d:[%p]:', the remote end an address and
            // port, [local] or none (a background process's, whose user and database are none).
            "%{timestamp:yyyy-MM-dd HH:mm:ss.SSS} %{zone}:%{client}(%{clientPort:num}):%{user}@"
                    + "%{database}:[%{pid}]:%{level:token}:  %{message}",
            "%{timestamp:yyyy-MM-dd HH:mm:ss.SSS} %{zone}:%{_:token}:%{user}@%{database}:[%{pid}]:"
                    + "%{level:token}:  %{message}"),
    MYSQL(
            "mysql",
            "MySQL and MariaDB error log (5.5 to 8.0)",
            "2019-03-24T13:44:27.924508Z 5 [Warning] [MY-010453] [Server] root@localhost is"
                    + " created with an empty password !",
            ContinuationLines.STACK_TRACES,
            null,
            "%{timestamp:yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXX} %{thread:digits} [%{level}]"
                    + " [%{errorCode}] [%{subsystem}] %{message}",
            "%{timestamp:yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXX} %{thread:digits} [%{level}] %{message}",
            "%{timestamp:yyyy-MM-dd HH:mm:ss} %{thread:digits} [%{level}] %{message}",
            "%{timestamp:yyyy-MM-dd HH:mm:ss} [%{level}] %{message}",
            "%{timestamp:yyMMdd HH:mm:ss} [%{level}] %{message}",
            "%{timestamp:yyMMdd HH:mm:ss} %{message}"),
    MYSQL_SLOW(
            "mysql-slow",
            "MySQL's, MariaDB's and Percona's slow query log: one event per entry, from # Time:"
                    + " (or # User@Host:) to the query's last line; the user, client, thread, the"
                    + " query time as the request time, the other # pairs in extra, SET"
                    + " timestamp as the time and the query as the message; a server's start-up"
                    + " lines are an event of their own",
            "# Time: 2024-03-09T22:58:05.123456Z",
            ContinuationLines.ANY,
            null,
            "# Time: %{timestamp:yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXX}",
            "# Time: %{timestamp:yyMMdd HH:mm:ss}",
            "# User@Host: %{_:text}",
            "%{program}, Version: %{version:text} started with:"),
    WINDOWS_CBS(
            "windows-cbs",
            "Windows Component-Based Servicing log (CBS.log, DISM)",
            "2024-01-15 10:20:30, Info                  CBS    Loaded Servicing Stack"
                    + " v10.0.19041.3570 with Core: C:\\Windows\\winsxs\\cbscore.dll",
            ContinuationLines.STACK_TRACES,
            null,
            "%{timestamp:yyyy-MM-dd HH:mm:ss}, %{level} %{logger} %{message}"),
    DPKG(
            "dpkg",
            "Debian dpkg.log: package states, actions (install, upgrade, configure, remove...),"
                    + " startups and conffile decisions",
            "2024-01-02 03:04:05 status installed libc6:amd64 2.36-9",
            ContinuationLines.NONE,
            null,
            "%{timestamp:yyyy-MM-dd HH:mm:ss} status %{state} %{package} %{version}",
            "%{timestamp:yyyy-MM-dd HH:mm:ss} startup %{startup} %{action}",
            "%{timestamp:yyyy-MM-dd HH:mm:ss} conffile %{conffile} %{decision}",
            "%{timestamp:yyyy-MM-dd HH:mm:ss} %{action:word} %{package} %{version}"
                    + " %{newVersion}"),
    APT_HISTORY(
            "apt-history",
            "apt's history.log: one event per block, the Start-Date: line with the Commandline:,"
                    + " Install:, Upgrade:, Remove:... and End-Date: lines after it",
            "Start-Date: 2024-01-02  03:04:05",
            ContinuationLines.APT_HISTORY,
            null,
            "Start-Date: %{timestamp:yyyy-MM-dd HH:mm:ss}"),
    NGINX_ERROR(
            "nginx-error",
            "nginx error log: level, pid#tid, *connection, and the client, server, request,"
                    + " upstream, host and referrer nginx adds after the message",
            "2024/01/02 03:04:05 [error] 123#456: *7 open() \"/srv/www/x.png\" failed (2: No such"
                    + " file or directory), client: 1.2.3.4, server: shop.example.com, request:"
                    + " \"GET /x.png HTTP/1.1\", host: \"shop.example.com\"",
            ContinuationLines.NONE,
            LevelNames.NGINX,
            "%{timestamp:yyyy/MM/dd HH:mm:ss} [%{level}] %{pid}#%{threadId:digits}:"
                    + " *%{connection:digits} %{message}",
            "%{timestamp:yyyy/MM/dd HH:mm:ss} [%{level}] %{pid}#%{threadId:digits}: %{message}"),
    APT_TERM(
            "apt-term",
            "apt's term.log: one event per run, from its Log started: line to the next, holding"
                    + " the output of dpkg and the maintainer scripts",
            "Log started: 2024-01-02  03:04:05",
            ContinuationLines.ANY,
            null,
            "Log started: %{timestamp:yyyy-MM-dd HH:mm:ss}"),
    ALTERNATIVES(
            "alternatives",
            "Debian's alternatives.log of update-alternatives",
            "update-alternatives 2024-01-02 03:04:05: run with --install /usr/bin/pager pager"
                    + " /usr/bin/less 77",
            ContinuationLines.NONE,
            null,
            "%{program} %{timestamp:yyyy-MM-dd HH:mm:ss}: %{message}"),
    KERNEL(
            "kernel",
            "The kernel's ring buffer as dmesg prints it: '[    1.204551] message' (seconds since"
                    + " boot in extra.uptime, no time) or, with dmesg -T, the time; a message's indented"
                    + " second line joins it",
            "[Mon Jan 15 10:20:30 2024] usb 1-1: new high-speed USB device number 2 using"
                    + " xhci_hcd",
            ContinuationLines.STACK_TRACES,
            null,
            "[%{uptime:decimal}] %{message}",
            "[ %{uptime:decimal}] %{message}",
            "[%{timestamp:EEE MMM d HH:mm:ss yyyy}] %{message}"),
    XORG(
            "xorg",
            "The X server's Xorg.0.log: seconds since start (extra.uptime), its marker as the"
                    + " level ((EE) error, (WW) warning, (II) info, (==) (**) (--) (++) config), the"
                    + " message with its marker; tab-indented lines join their event",
            "[    12.353] (EE) Failed to load module \"fbdev\" (module does not exist, 0)",
            ContinuationLines.STACK_TRACES,
            null,
            "[%{uptime:decimal}] %{message}",
            "[ %{uptime:decimal}] %{message}"),
    CLOUD_INIT(
            "cloud-init",
            "cloud-init.log: time - module[LEVEL]: message",
            "2024-01-15 10:20:30,123 - util.py[DEBUG]: Cloud-init v. 23.1.2 running 'init-local'",
            ContinuationLines.STACK_TRACES,
            LevelNames.PYTHON,
            "%{timestamp:yyyy-MM-dd HH:mm:ss,SSS} - %{logger:text}[%{level}]: %{message}"),
    CELERY(
            "celery",
            "Celery workers' log: [time: LEVEL/process] message; tracebacks join their event",
            "[2024-01-15 10:20:30,123: INFO/MainProcess] Connected to redis://localhost:6379/0",
            ContinuationLines.STACK_TRACES,
            LevelNames.PYTHON,
            "[%{timestamp:yyyy-MM-dd HH:mm:ss,SSS}: %{level}/%{process:text}] %{message}"),
    AIRFLOW(
            "airflow",
            "Apache Airflow's log: [time] {file.py:line} LEVEL - message; tracebacks join their"
                    + " event",
            "[2024-01-15T10:20:30.123+0000] {taskinstance.py:1138} INFO - Dependencies all met",
            ContinuationLines.STACK_TRACES,
            LevelNames.PYTHON,
            "[%{timestamp:yyyy-MM-dd'T'HH:mm:ss.SSSZ}] {%{logger:text}} %{level} - %{message}"),
    FAIL2BAN(
            "fail2ban",
            "fail2ban.log: time, module, [pid], level, [jail] message",
            "2024-01-15 10:20:30,123 fail2ban.filter         [1234]: INFO    [sshd] Found"
                    + " 203.0.113.5 - 2024-01-15 10:20:30",
            ContinuationLines.STACK_TRACES,
            LevelNames.FAIL2BAN,
            "%{timestamp:yyyy-MM-dd HH:mm:ss,SSS} %{logger} [%{pid}]: %{level} [%{jail}]"
                    + " %{message}",
            "%{timestamp:yyyy-MM-dd HH:mm:ss,SSS} %{logger} [%{pid}]: %{level} %{message}",
            "%{timestamp:yyyy-MM-dd HH:mm:ss,SSS} %{logger}: %{level} %{message}"),
    TOMCAT(
            "tomcat",
            "Apache Tomcat's catalina log (java.util.logging OneLineFormatter); stack traces join"
                    + " their event",
            "15-Jan-2024 10:20:30.123 INFO [main] org.apache.catalina.startup.Catalina.start"
                    + " Server startup in [1234] milliseconds",
            ContinuationLines.STACK_TRACES,
            LevelNames.JUL,
            "%{timestamp:dd-MMM-yyyy HH:mm:ss.SSS} %{level} [%{thread:text}] %{logger:java}"
                    + " %{message}"),
    PHP_FPM(
            "php-fpm",
            "PHP-FPM's error log: [time] LEVEL: message, pools named in the message",
            "[15-Jan-2024 10:20:30] WARNING: [pool www] server reached pm.max_children setting"
                    + " (5), consider raising it",
            ContinuationLines.NONE,
            LevelNames.PHP_FPM,
            "[%{timestamp:dd-MMM-yyyy HH:mm:ss}] %{level}: [pool %{pool}] %{message}",
            "[%{timestamp:dd-MMM-yyyy HH:mm:ss}] %{level}: %{message}"),
    REDIS(
            "redis",
            "Redis server log: pid:role, time, level mark (. - * #), message; the start-up"
                    + " logo's lines join their event",
            "1234:M 15 Jan 2024 10:20:30.123 * Ready to accept connections tcp",
            ContinuationLines.STACK_TRACES,
            LevelNames.REDIS,
            "%{pid}:%{role:word} %{timestamp:dd MMM yyyy HH:mm:ss.SSS} %{level:token} %{message}",
            "[%{pid}] %{timestamp:dd MMM HH:mm:ss.SSS} %{level:token} %{message}"),
    ELASTICSEARCH(
            "elasticsearch",
            "Elasticsearch and OpenSearch plain-text server log: [time][LEVEL][logger] [node]"
                    + " message; stack traces join their event",
            "[2024-01-15T10:20:30,123][INFO ][o.e.n.Node               ] [node-1] started",
            ContinuationLines.STACK_TRACES,
            LevelNames.LOG4J,
            "[%{timestamp:yyyy-MM-dd'T'HH:mm:ss,SSSXXX}][%{level:text}][%{logger:text}]"
                    + " [%{node:text}] %{message}",
            "[%{timestamp:yyyy-MM-dd'T'HH:mm:ss,SSSXXX}][%{level:text}][%{logger:text}]"
                    + " %{message}"),
    GOLANG(
            "go",
            "Go's standard log package: date and time, optional microseconds and file:line",
            "2024/01/15 10:20:30 main.go:42: listening on :8080",
            ContinuationLines.STACK_TRACES,
            null,
            "%{timestamp:yyyy/MM/dd HH:mm:ss.SSSSSS} %{message}"),
    TRAEFIK(
            "traefik",
            "Traefik's access log: the combined line, then the request count, router, backend"
                    + " URL and duration",
            "203.0.113.5 - - [15/Jan/2024:10:20:30 +0000] \"GET /api/cart HTTP/1.1\" 200 1532 \"-\""
                    + " \"Mozilla/5.0 (X11; Linux x86_64)\" 17 \"shop@docker\""
                    + " \"http://10.0.0.7:8080\" 3ms",
            ContinuationLines.NONE,
            null,
            "%{client} - %{user} [%{timestamp:dd/MMM/yyyy:HH:mm:ss Z}] \"%{request}\" %{status}"
                    + " %{bytes} \"%{referrer:text}\" \"%{userAgent:text}\" %{requests:num}"
                    + " \"%{router:text}\" \"%{backend:text}\" %{requestTime:ms}ms"),
    SQUID(
            "squid",
            "Squid's native access log: time, elapsed ms, client, cache result/status, bytes,"
                    + " method, URL, user, hierarchy/peer, content type",
            "1705314030.123    123 10.0.0.5 TCP_MISS/200 1532 GET http://example.com/ -"
                    + " HIER_DIRECT/93.184.216.34 text/html",
            ContinuationLines.NONE,
            null,
            "%{timestamp:epoch} %{requestTime:ms} %{client} %{cacheResult}/%{status} %{bytes}"
                    + " %{method} %{path} %{user} %{hierarchy}/%{peer} %{contentType}"),
    PACMAN(
            "pacman",
            "Arch Linux's pacman.log: [time] [component] message, pacman 5's time with its offset"
                    + " and the older one to the minute, with or without the component",
            "[2024-03-09T22:58:05+0100] [ALPM] upgraded linux (6.7.4.arch1-1 -> 6.7.5.arch1-1)",
            ContinuationLines.NONE,
            null,
            "[%{timestamp:yyyy-MM-dd'T'HH:mm:ssZ}] [%{logger}] %{message}",
            "[%{timestamp:yyyy-MM-dd HH:mm}] [%{logger}] %{message}",
            "[%{timestamp:yyyy-MM-dd HH:mm}] %{message}"),
    DNF(
            "dnf",
            "Fedora's and RHEL's dnf.log, dnf.rpm.log, dnf.librepo.log and hawkey.log (dnf5's"
                    + " [pid] too): time, level (DDEBUG, SUBDEBUG and TRACE as dnf names them),"
                    + " message; the transaction tables and tracebacks below an entry join it",
            "2024-03-09T22:58:05+0000 DDEBUG Command: dnf install -y htop",
            ContinuationLines.DNF_TRANSACTIONS,
            LevelNames.DNF,
            "%{timestamp:rfc3339-seconds} %{level} %{message}",
            "%{timestamp:rfc3339-seconds} [%{pid}] %{level} %{message}"),
    MACOS(
            "macos",
            "macOS's unified log as 'log show' and 'log stream' write it: time, thread, type"
                    + " (Default notice, Fault critical), activity, pid, TTL, process: message; and"
                    + " their compact style ('Df process[pid:thread] message')",
            "2024-03-09 22:58:05.123456+0100 0x1a2b     Error       0x0                  123    0"
                    + "    WindowServer: (SkyLight) [com.apple.SkyLight:default] display failed",
            ContinuationLines.STACK_TRACES,
            LevelNames.MACOS,
            "%{timestamp:yyyy-MM-dd HH:mm:ss.SSSSSSZ} %{threadId} %{level} %{activity} %{pid}"
                    + " %{ttl:digits} %{program:text}: %{message}",
            "%{timestamp:yyyy-MM-dd HH:mm:ss.SSS} %{level} %{program:text}[%{pid}:%{threadId}]"
                    + " %{message}"),
    CUPS(
            "cups",
            "CUPS's error_log: a letter for the level (X A C E W N I D d: emergency to debug2,"
                    + " read as trace), [time], message",
            "E [09/Mar/2024:22:58:01 +0100] [Job 17] Unable to open print file: No such file",
            ContinuationLines.NONE,
            LevelNames.CUPS,
            "%{level} [%{timestamp:dd/MMM/yyyy:HH:mm:ss Z}] %{message}"),
    XFERLOG(
            "xferlog",
            "FTP transfer log of vsftpd, ProFTPD and Pure-FTPd: time, seconds, client, bytes, file,"
                    + " type, action, direction, access mode, user, service, authentication,"
                    + " completion",
            "Sat Mar  9 22:58:01 2024 1 203.0.113.5 1048576 /srv/ftp/pub/release.iso b _ o r"
                    + " ftpuser ftp 0 * c",
            ContinuationLines.NONE,
            null,
            // The file name is written as it is, blanks and all: text up to the fields after it.
            "%{timestamp:EEE MMM d HH:mm:ss yyyy} %{requestTime:decimal} %{client} %{bytes}"
                    + " %{path:text} %{transferType:word} %{specialAction} %{direction:word}"
                    + " %{accessMode:word} %{user} %{service} %{authMethod:digits}"
                    + " %{authUserId} %{completion:word}"),
    VSFTPD(
            "vsftpd",
            "vsftpd's own log: time, [pid N], [user] once given, what happened (CONNECT, OK"
                    + " LOGIN, FAIL UPLOAD...), the client and the details (file, bytes, rate)",
            "Sat Mar  9 22:58:02 2024 [pid 2001] [ftpuser] OK LOGIN: Client"
                    + " \"::ffff:203.0.113.5\"",
            ContinuationLines.NONE,
            null,
            // The user name is the client's, "] " and all: one word each for the result and the
            // action, and the client's quoted address before the end or the details, let a name
            // like 'x] OK LOGIN: Client "6.6.6.6"' stay the user's, not make a failure a login.
            Vsftpd.START + "[%{user:text}] %{result:word} %{action:word}: " + Vsftpd.CLIENT,
            Vsftpd.START
                    + "[%{user:text}] %{result:word} %{action:word}: "
                    + Vsftpd.CLIENT
                    + ", %{details:text}",
            Vsftpd.START + "%{action:word}: " + Vsftpd.CLIENT,
            Vsftpd.START + "%{message}"),
    EXIM(
            "exim",
            "Exim's mainlog: time, [pid] where logged, the message id and its flag (<= arrival,"
                    + " => delivery, ** failure, == deferral...) and address, the client of H= and"
                    + " the size of S=; lines about no message (H=..., SMTP connection from...,"
                    + " queue runs) as messages",
            "2024-03-09 22:58:05 1rAbCd-000123-AB <= shop@example.com H=mail.example.com"
                    + " [192.0.2.10]:53412 P=esmtps S=2345 id=7@example.com",
            ContinuationLines.NONE,
            null,
            Exim.START + "[%{pid}] " + Exim.MESSAGE,
            Exim.START + Exim.MESSAGE,
            Exim.START + "[%{pid}] %{messageId} %{message}",
            Exim.START + "%{messageId} %{message}",
            Exim.START + "[%{pid}] %{message}",
            Exim.START + "%{message}"),
    SETUPAPI(
            "setupapi",
            "Windows setupapi.dev.log: one event per section, its lines joined",
            ">>>  Section start 2024/01/15 10:20:30.123",
            ContinuationLines.STACK_TRACES,
            null,
            ">>>  Section start %{timestamp:yyyy/MM/dd HH:mm:ss.SSS}",
            "<<<  Section end %{timestamp:yyyy/MM/dd HH:mm:ss.SSS}",
            "[Boot Session: %{timestamp:yyyy/MM/dd HH:mm:ss.SSS}]",
            ">>>  [%{message}",
            "<<<  [%{message}",
            "!!!  %{message}"),
    AWS_ELB(
            "aws-elb",
            "AWS Application (ALB) and Classic (ELB) load balancer access logs",
            "https 2024-01-15T10:20:30.123456Z app/shop-alb/50dc6c495c0c9188 203.0.113.5:50522"
                    + " 10.0.1.7:8080 0.001 0.012 0.000 200 200 257 1532 \"GET"
                    + " https://shop.example.com:443/api/cart?id=7 HTTP/1.1\" \"Mozilla/5.0 (X11;"
                    + " Linux x86_64)\" ECDHE-RSA-AES128-GCM-SHA256 TLSv1.2"
                    + " arn:aws:elasticloadbalancing:us-east-1:123456789012:targetgroup/shop/73e2d6"
                    + " \"Root=1-65a5071e-1c2b3d4e5f6071829\" \"shop.example.com\" \"-\" 0"
                    + " 2024-01-15T10:20:30.110000Z \"forward\" \"-\" \"-\" \"10.0.1.7:8080\""
                    + " \"200\" \"-\" \"-\"",
            ContinuationLines.NONE,
            null,
            "%{type} %{timestamp:yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXX} %{elb} %{client}:%{clientPort:num}"
                    + " %{target} %{requestProcessingTime} %{targetProcessingTime}"
                    + " %{responseProcessingTime} %{status} %{targetStatus} %{receivedBytes:num}"
                    + " %{bytes} \"%{request}\" \"%{userAgent:text}\" %{sslCipher} %{sslProtocol}"
                    + " %{targetGroup} %{_:text}",
            "%{timestamp:yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXX} %{elb} %{client}:%{clientPort:num}"
                    + " %{target} %{requestProcessingTime} %{targetProcessingTime}"
                    + " %{responseProcessingTime} %{status} %{targetStatus} %{receivedBytes:num}"
                    + " %{bytes} \"%{request}\" \"%{userAgent:text}\" %{sslCipher} %{sslProtocol}"),
    AWS_S3(
            "aws-s3",
            "AWS S3 server access log",
            "79a59df900b949e5 shop-assets [15/Jan/2024:10:20:30 +0000] 192.0.2.3 - 3E57427F3EXAMPLE"
                    + " REST.GET.OBJECT img/logo.png \"GET /shop-assets/img/logo.png HTTP/1.1\" 200"
                    + " - 2326 2326 12 11 \"https://shop.example.com/\" \"Mozilla/5.0\" - abcd= SigV4"
                    + " ECDHE-RSA-AES128-GCM-SHA256 AuthHeader shop-assets.s3.amazonaws.com TLSv1.2",
            ContinuationLines.NONE,
            null,
            "%{owner} %{bucket} [%{timestamp:dd/MMM/yyyy:HH:mm:ss Z}] %{client} %{user}"
                    + " %{requestId} %{operation} %{key} \"%{request}\" %{status} %{errorCode}"
                    + " %{bytes} %{objectSize:num} %{totalTime:num} %{turnAroundTime:num}"
                    + " \"%{referrer:text}\" \"%{userAgent:text}\" %{_:text}",
            "%{owner} %{bucket} [%{timestamp:dd/MMM/yyyy:HH:mm:ss Z}] %{client} %{user}"
                    + " %{requestId} %{operation} %{key} \"%{request}\" %{status} %{errorCode}"
                    + " %{bytes} %{objectSize:num} %{totalTime:num} %{turnAroundTime:num}"
                    + " \"%{referrer:text}\" \"%{userAgent:text}\""),
    HAPROXY(
            "haproxy",
            "HAProxy HTTP and TCP logs, with or without their syslog header",
            "Jan 15 10:20:30 lb1 haproxy[4242]: 10.0.0.5:50522 [15/Jan/2024:10:20:30.123] www-https~ shop/web1 0/0/1/12/13 200 1532 -"
                    + " - ---- 12/10/2/1/0 0/0 {shop.example.com|Mozilla/5.0} \"GET /api/cart"
                    + " HTTP/1.1\"",
            ContinuationLines.NONE,
            null,
            "%{client}:%{clientPort:num} [%{timestamp:dd/MMM/yyyy:HH:mm:ss.SSS}] %{frontend} %{backend}/%{server}"
                    + " %{timers} %{status} %{bytes} %{requestCookie} %{responseCookie}"
                    + " %{terminationState} %{connections} %{queues} \"%{request}\"",
            "%{client}:%{clientPort:num} [%{timestamp:dd/MMM/yyyy:HH:mm:ss.SSS}] %{frontend} %{backend}/%{server}"
                    + " %{timers} %{status} %{bytes} %{requestCookie} %{responseCookie}"
                    + " %{terminationState} %{connections} %{queues} %{headers:text}"
                    + " \"%{request}\"",
            "%{client}:%{clientPort:num} [%{timestamp:dd/MMM/yyyy:HH:mm:ss.SSS}] %{frontend}"
                    + " %{backend}/%{server} %{requestHost} %{timers} %{status} %{bytes}"
                    + " %{requestCookie} %{responseCookie} %{terminationState} %{connections}"
                    + " %{queues} \"%{request}\"",
            "%{client}:%{clientPort:num} [%{timestamp:dd/MMM/yyyy:HH:mm:ss.SSS}] %{frontend} %{backend}/%{server}"
                    + " %{timers} %{bytes} %{terminationState} %{connections} %{queues}"),
    RUBY(
            "ruby",
            "Ruby's Logger (Rails, Sidekiq, Puma): 'L, [time #pid] LEVEL -- program: message';"
                    + " the lines of a message of many lines (Rails' exceptions, backtraces) join"
                    + " their event",
            "I, [2024-01-15T10:20:30.123456 #4242]  INFO -- : [8f1c2d] Started GET \"/users/7\""
                    + " for 203.0.113.5",
            // Logger writes a message's line feeds as they are, the header before the first line
            // only: Rails' exception lines start with the request's tags, backtraces with a path.
            ContinuationLines.ANY,
            LevelNames.RUBY,
            // No program name is the common case: Rails logs none.
            "%{_:word}, [%{timestamp:yyyy-MM-dd'T'HH:mm:ss.SSSSSS} #%{pid}] %{level} -- :"
                    + " %{message}",
            "%{_:word}, [%{timestamp:yyyy-MM-dd'T'HH:mm:ss.SSSSSS} #%{pid}] %{level} --"
                    + " %{logger:text}: %{message}"),
    JENKINS(
            "jenkins",
            "Jenkins controller log: time, [id=thread], level, class#method: message; stack"
                    + " traces join their event",
            "2024-01-15 10:20:31.456+0000 [id=42]\tWARNING\thudson.model.Run#execute: deploy #12"
                    + " aborted",
            ContinuationLines.STACK_TRACES,
            LevelNames.JUL,
            "%{timestamp:yyyy-MM-dd HH:mm:ss.SSSZ} [id=%{threadId:digits}]\t%{level}\t"
                    + "%{logger:text}: %{message}"),
    ENVOY(
            "envoy",
            "Envoy's default access log and Istio's (with the downstream address as the client);"
                    + " TCP connections with their \"- - -\"",
            "[2024-01-15T10:20:30.123Z] \"GET /api/v1/items?id=7 HTTP/1.1\" 200 - 0 1532 12 10"
                    + " \"203.0.113.5\" \"curl/8.5.0\" \"cc21d9b0-cf5c-432b-8c7e-98aeb7988cd2\""
                    + " \"shop.example.com\" \"10.1.2.3:8080\"",
            ContinuationLines.NONE,
            null,
            Envoy.START + "\"%{request}\" %{status}" + Envoy.ISTIO_REST,
            Envoy.START + "\"- - -\" 0" + Envoy.ISTIO_REST,
            Envoy.START + "\"%{request}\" %{status}" + Envoy.REST,
            Envoy.START + "\"- - -\" 0" + Envoy.REST),
    SUPERVISORD(
            "supervisord",
            "supervisord's own log: time, level (CRIT ERRO WARN INFO DEBG TRAC BLAT), message",
            "2024-01-15 10:20:30,123 INFO gave up: worker entered FATAL state, too many start"
                    + " retries too quickly",
            ContinuationLines.NONE,
            LevelNames.SUPERVISORD,
            "%{timestamp:yyyy-MM-dd HH:mm:ss,SSS} %{level} %{message}"),
    BGL(
            "bgl",
            "Blue Gene/L RAS log (Loghub's BGL): alert, epoch, date, node, time, node, type,"
                    + " component, level, message",
            "- 1117838570 2005.06.03 R02-M1-N0-C:J12-U11 2005-06-03-15.42.50.675872"
                    + " R02-M1-N0-C:J12-U11 RAS KERNEL INFO instruction cache parity error"
                    + " corrected",
            ContinuationLines.NONE,
            LevelNames.BGL,
            // The epoch is the line's time in UTC; the text time beside it is local, zone unsaid.
            "%{alert} %{timestamp:epoch} %{_:token} %{host} %{_:token} %{_:token} %{type:word}"
                    + " %{logger} %{level} %{message}"),
    THUNDERBIRD(
            "thunderbird",
            "Thunderbird supercomputer log (Loghub's, also Liberty and Spirit): alert, epoch,"
                    + " date, node, a syslog line",
            "- 1131566461 2005.11.09 dn228 Nov 9 12:01:01 dn228/dn228 crond(pam_unix)[2915]:"
                    + " session closed for user root",
            ContinuationLines.NONE,
            null,
            Thunderbird.START + "%{program}[%{pid}]: %{message}",
            Thunderbird.START + "%{program}: %{message}",
            Thunderbird.START + "%{message}"),
    HPC(
            "hpc",
            "HPC cluster event log (Loghub's HPC): id, node, component, state, epoch, flag,"
                    + " message",
            "134681 node-246 unix.hw state_change.unavailable 1077804742 1 Component State"
                    + " Change: Component \"alt0\" is in the unavailable state (HWID=1)",
            ContinuationLines.NONE,
            null,
            "%{logId:digits} %{host} %{logger} %{state} %{timestamp:epoch} %{flag:digits}"
                    + " %{message}"),
    HEALTHAPP(
            "healthapp",
            "Android health app log (Loghub's HealthApp): time|component|pid|message",
            "20171223-22:15:29:606|Step_LSC|30002312|onStandStepChanged 3579",
            ContinuationLines.NONE,
            null,
            // Its milliseconds are unpadded (":5" is 5 ms), as no fraction is read: dropped.
            "%{timestamp:yyyyMMdd-H:m:s}:%{_:digits}|%{logger}|%{pid}|%{message}"),
    KLOG(
            "klog",
            "Kubernetes components and other programs of glog/klog: Lmmdd time thread"
                    + " file:line] message (year from the file), levels I W E F",
            "I0115 10:20:30.123456    1234 main.go:42] Starting kubelet",
            ContinuationLines.NONE,
            LevelNames.KLOG,
            "%{level}%{timestamp:MMdd HH:mm:ss.SSSSSS} %{threadId:digits} %{logger:token}]"
                    + " %{message}"),
    PROXIFIER(
            "proxifier",
            "Proxifier's connection log: [MM.dd time] program - message (year from the file)",
            "[10.30 16:49:06] chrome.exe - proxy.example.com:5070 open through proxy"
                    + " proxy.example.com:5070 HTTPS",
            ContinuationLines.NONE,
            null,
            "[%{timestamp:MM.dd HH:mm:ss}] %{program:text} - %{message}"),
    MONGODB_TEXT(
            "mongodb-text",
            "MongoDB's text log before 4.4 (4.4 and later write JSON: mongodb): time, severity"
                    + " (F E W I D, D1 to D5), component, [context], message",
            "2018-02-05T13:44:56.744+0100 I NETWORK  [initandlisten] waiting for connections on"
                    + " port 27017",
            ContinuationLines.NONE,
            LevelNames.MONGODB,
            // The component is '-' where there is none; the context may hold spaces.
            "%{timestamp:yyyy-MM-dd'T'HH:mm:ss.SSSZ} %{level:token} %{logger} [%{thread:text}]"
                    + " %{message}"),
    JVM_GC(
            "jvm-gc",
            "Java's GC log: Java 8's -XX:+PrintGCDateStamps lines (the lines of a collection's"
                    + " details join its event) and Java 9+'s -Xlog with the time decoration",
            "2018-03-03T19:37:06.157+0500: 14597.826: [GC (Allocation Failure) [ParNew:"
                    + " 139776K->17472K(157248K), 0.0460451 secs] 172093K->63390K(506816K),"
                    + " 0.0461403 secs] [Times: user=0.08 sys=0.00, real=0.05 secs]",
            // Tenuring distributions and heap printouts fill the lines between two collections.
            ContinuationLines.ANY,
            LevelNames.JVM_UNIFIED,
            "%{timestamp:yyyy-MM-dd'T'HH:mm:ss.SSSZ}: %{uptime:decimal}: %{message}",
            "%{timestamp:yyyy-MM-dd'T'HH:mm:ss.SSSZ}: %{message}",
            // -Xlog pads its level and tags inside their brackets.
            "[%{timestamp:yyyy-MM-dd'T'HH:mm:ss.SSSZ}][%{uptime}][%{level:text}][%{tags:text}]"
                    + " %{message}",
            "[%{timestamp:yyyy-MM-dd'T'HH:mm:ss.SSSZ}][%{level:text}][%{tags:text}] %{message}"),
    RUST(
            "rust",
            "Rust's tracing-subscriber default format: RFC 3339 time, padded level, spans, the"
                    + " target, then the message and its fields",
            "2024-01-15T10:20:30.123456Z  INFO request{method=GET uri=/cart}: shop::cart: item"
                    + " added id=7",
            ContinuationLines.STACK_TRACES,
            LevelNames.RUST,
            "%{timestamp:rfc3339} %{level} %{logger:token}: %{message}",
            // Spans end in '}' before the target; their text keeps all but that brace.
            "%{timestamp:rfc3339} %{level} %{spans:text}}: %{logger:token}: %{message}"),
    SERILOG(
            "serilog",
            "Serilog (.NET): the file sink's 'TIME +zz:zz [LVL] message' and the console's '[TIME"
                    + " LVL] message'; VRB DBG INF WRN ERR FTL named; exceptions join their event",
            "2024-01-15 10:20:30.123 +01:00 [WRN] HTTP GET /cart responded 500 in 12.3456 ms",
            ContinuationLines.STACK_TRACES,
            LevelNames.SERILOG,
            "%{timestamp:yyyy-MM-dd HH:mm:ss.SSS XXX} [%{level}] %{message}",
            "[%{timestamp:HH:mm:ss} %{level}] %{message}"),
    NLOG(
            "nlog",
            "NLog (.NET) default layout: longdate|LEVEL|logger|message",
            "2024-01-15 10:20:30.1234|WARN|Shop.Cart|cart 7 is stale",
            ContinuationLines.STACK_TRACES,
            LevelNames.NLOG,
            "%{timestamp:yyyy-MM-dd HH:mm:ss.SSSS}|%{level}|%{logger}|%{message}"),
    DOTNET(
            "dotnet",
            ".NET's console logger (ASP.NET Core, Microsoft.Extensions.Logging): 'info:"
                    + " Category[eventId]' with the message on the indented lines after it, a"
                    + " time before it where configured; trce dbug info warn fail crit named",
            "2024-01-15T10:20:30.1234567Z fail: Microsoft.AspNetCore.Server.Kestrel[13]",
            ContinuationLines.STACK_TRACES,
            LevelNames.DOTNET,
            "%{timestamp:rfc3339} %{level}: %{logger}[%{eventId:digits}]",
            "%{level}: %{logger}[%{eventId:digits}]"),
    HCLOG(
            "hclog",
            "HashiCorp's hclog (Consul, Vault, Nomad, Terraform, Boundary): time, [LEVEL], the"
                    + " logger's name, message and its key=value pairs",
            "2024-01-15T10:20:30.123Z [WARN]  agent.server.raft: heartbeat timeout reached,"
                    + " starting election: last-leader-addr= last-leader-id=",
            ContinuationLines.STACK_TRACES,
            LevelNames.HCLOG,
            "%{timestamp:yyyy-MM-dd'T'HH:mm:ss.SSSZ} [%{level}] %{logger:token}: %{message}",
            "%{timestamp:yyyy-MM-dd'T'HH:mm:ss.SSSZ} [%{level}] %{message}"),
    RABBITMQ(
            "rabbitmq",
            "RabbitMQ's log (3.9+, and 3.7-3.8's lager): time, [level], <Erlang process>, message",
            "2024-01-15 10:20:30.123456+00:00 [warning] <0.612.0> closing AMQP connection"
                    + " <0.612.0> (10.0.0.5:52344 -> 10.0.0.9:5672, vhost: '/', user: 'guest')",
            ContinuationLines.STACK_TRACES,
            LevelNames.ERLANG,
            "%{timestamp:yyyy-MM-dd HH:mm:ss.SSSSSSXXX} [%{level}] <%{process}> %{message}",
            "%{timestamp:yyyy-MM-dd HH:mm:ss.SSS} [%{level}] <%{process}>@%{location} %{message}",
            "%{timestamp:yyyy-MM-dd HH:mm:ss.SSS} [%{level}] <%{process}> %{message}"),
    ERLANG_REPORT(
            "erlang-report",
            "Erlang/OTP's error_logger reports, as RabbitMQ before 3.7 and ejabberd write them:"
                    + " '=INFO REPORT==== 7-Dec-2026::06:12:01 ===' then the report's lines, up to"
                    + " the next; CRASH and SUPERVISOR reports named error, PROGRESS info",
            "=ERROR REPORT==== 9-Mar-2024::22:58:05 ===",
            // A report's lines are Erlang terms and text, unindented: all of them up to the next.
            ContinuationLines.ANY,
            LevelNames.ERLANG_REPORTS,
            "=%{level} REPORT==== %{timestamp:d-MMM-yyyy::HH:mm:ss.SSS} ==="),
    ELIXIR(
            "elixir",
            "Elixir's Logger (Phoenix, Ecto, Oban): time, metadata (request_id=...), [level],"
                    + " message; the lines of a multi-line message, and the blank lines Elixir's"
                    + " console writes between events, join the event",
            "10:20:30.123 request_id=F1xYzq3 [info] Sent 200 in 4ms",
            ContinuationLines.ANY,
            LevelNames.ERLANG,
            "%{timestamp:HH:mm:ss.SSS} [%{level}] %{message}",
            "%{timestamp:HH:mm:ss.SSS} %{metadata:text} [%{level}] %{message}",
            "%{timestamp:yyyy-MM-dd HH:mm:ss.SSS} [%{level}] %{message}",
            "%{timestamp:yyyy-MM-dd HH:mm:ss.SSS} %{metadata:text} [%{level}] %{message}"),
    UWSGI(
            "uwsgi",
            "uWSGI's request log: [pid|app|req] client (user) {vars} [time] METHOD path =>"
                    + " generated bytes in msecs (protocol status)",
            "[pid: 1234|app: 0|req: 1/1] 10.0.0.5 () {38 vars in 612 bytes} [Mon Jan 15"
                    + " 10:20:30 2024] GET /api/items?page=2 => generated 512 bytes in 12 msecs"
                    + " (HTTP/1.1 200) 2 headers in 79 bytes (1 switches on core 0)",
            ContinuationLines.NONE,
            null,
            "[pid: %{pid}|app: %{app:num}|req: %{_:token}] %{client} (%{_:text})"
                    + " {%{_:digits} vars in %{requestSize:digits} bytes}"
                    + " [%{timestamp:EEE MMM d HH:mm:ss yyyy}] %{method} %{path:text} => generated"
                    + " %{bytes} bytes in %{requestTime:ms} msecs (%{protocol} %{status})"
                    + " %{_:text}"),
    PHP(
            "php",
            "PHP's error log (error_log, log_errors): [time zone] PHP Warning:  message; fatal"
                    + " errors' stack traces and error_log() lines of other shapes join their event",
            "[15-Jan-2024 10:20:30 UTC] PHP Fatal error:  Uncaught Error: Call to undefined"
                    + " function cart_total() in /var/www/shop/cart.php:42",
            ContinuationLines.ANY,
            LevelNames.PHP,
            "[%{timestamp:dd-MMM-yyyy HH:mm:ss} %{zone}] PHP %{level:text}:  %{message}",
            "[%{timestamp:dd-MMM-yyyy HH:mm:ss} %{zone}] %{message}"),
    MONOLOG(
            "monolog",
            "PHP's Monolog (Laravel, Symfony): [time] channel.LEVEL: message, its context and"
                    + " extra after it; the lines of a message of many lines (Laravel's stack"
                    + " traces) join their event",
            "[2024-01-15 10:20:30] production.ERROR: Undefined variable $cart"
                    + " {\"userId\":7,\"exception\":\"[object] (ErrorException(code: 0))\"} []",
            // Laravel keeps a message's line feeds, and its exception's context spans lines.
            ContinuationLines.ANY,
            LevelNames.MONOLOG,
            // Laravel's date alone and Monolog 2's ISO time with microseconds and offset; the
            // channel may hold dots, the level is the word before ': '.
            "[%{timestamp:yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXX}] %{logger:token}.%{level}: %{message}"),
    COREDNS(
            "coredns",
            "CoreDNS (Kubernetes' DNS): [LEVEL] then its query log (client, id, type, class,"
                    + " name, protocol, sizes, rcode, flags, duration) or plugin/name: message;"
                    + " no time of its own (the container log's, where it wraps it)",
            "[INFO] 10.244.0.1:52344 - 31337 \"AAAA IN api.shop.svc.cluster.local. udp 50 false"
                    + " 512\" NXDOMAIN qr,aa,rd 143 0.000067s",
            ContinuationLines.NONE,
            LevelNames.COREDNS,
            "[%{level}] %{client}:%{clientPort:num} - %{queryId:digits} \"%{queryType} %{queryClass}"
                    + " %{name} %{protocol} %{querySize:digits} %{dnssec} %{bufferSize:digits}\""
                    + " %{rcode} %{flags} %{bytes} %{requestTime:decimal}s",
            "[%{level}] %{logger:token}: %{message}",
            "[%{level}] %{message}"),
    CRI(
            "cri",
            "Kubernetes CRI container log; the message is parsed again when its format is known",
            "2024-01-15T10:20:30.123456789Z stdout F 2024-01-15 10:20:30,123 - shop.cart -"
                    + " WARNING - cart 7 is stale",
            ContinuationLines.NONE,
            null,
            "%{timestamp:rfc3339} %{stream} %{tag:word}%{ }%{message}"),
    KUBECTL(
            "kubectl",
            "kubectl logs --timestamps and docker logs --timestamps: an RFC 3339 time before the"
                    + " program's line, which is parsed again when its format is known; also any"
                    + " log whose lines start with such a time and that no other format reads",
            "2024-01-15T10:20:30.123456789Z 2024-01-15 10:20:30,123 - shop.cart - WARNING - cart 7"
                    + " is stale",
            ContinuationLines.NONE,
            null,
            "%{timestamp:rfc3339} %{message}"),
    COMPOSE(
            "compose",
            "docker compose logs (and docker-compose's): each line after its service's"
                    + " 'name-1  | ' (with --timestamps, the time after it) is parsed again when"
                    + " its format is known",
            "web-1  | 2024-01-15 10:20:30,123 - shop.cart - WARNING - cart 7 is stale",
            ContinuationLines.NONE,
            null,
            // One space after the bar is compose's: the program's indentation stays its own.
            "%{service} |%{ }%{timestamp:rfc3339} %{message}",
            "%{service} |%{ }%{message}");

    private final String formatName;
    private final String description;
    private final String example;
    private final ContinuationLines continuations;
    @Nullable private final LevelNames levels;
    private final List<String> specs;

    LayoutPreset(
            String formatName,
            String description,
            String example,
            ContinuationLines continuations,
            @Nullable LevelNames levels,
            String... specs) {
        this.formatName = formatName;
        this.description = description;
        this.example = example;
        this.continuations = continuations;
        this.levels = levels;
        this.specs = List.of(specs);
    }

    public String formatName() {
        return formatName;
    }

    public String description() {
        return description;
    }

    public String example() {
        return example;
    }

    /** The formats this one reads more precisely (see {@code FormatDefinition#refines}). */
    public String[] refines() {
        switch (this) {
            case MYSQL:
            case CRI:
            case DOTNET:
            case DNF:
                // syslog's ISO layout reads "TIME fail: Category[13]" as host "fail:", program
                // and pid.
                return new String[] {"syslog"};
            case NGINX_ERROR:
                // Go's log reads nginx's lines too, with their level and pid in the message.
                return new String[] {"go"};
            case RABBITMQ:
                // Elixir's 'TIME [level] message' reads RabbitMQ's with the process in the message.
                return new String[] {"elixir"};
            case POSTGRESQL:
                // Hadoop's '%d %p [%t] %c: %m' reads "UTC [4242] LOG:" as level, thread, logger.
                return new String[] {"hadoop"};
            default:
                return new String[0];
        }
    }

    /**
     * Whether any other format that reads as many of a file's lines is chosen over this one: a time
     * then anything reads every line that starts with a time (ISO-stamped syslog, Spring Boot,
     * MySQL), where their own formats know more; a word then " | " is no more telling;
     * supervisord's time, level, message reads the lines of Java's layouts without their thread and
     * logger.
     */
    public boolean isFallback() {
        return this == KUBECTL || this == SUPERVISORD || this == COMPOSE;
    }

    public LogFormat format() {
        EventCheck check = check();
        LogFormat format =
                check == null
                        ? new PresetFormat(formatName, continuations, levels, specs)
                        : new PresetFormat(formatName, continuations, specs, check);
        return this == POSTGRESQL || this == PHP ? new NamedZoneFormat(format) : format;
    }

    /** What admits a layout's match, for the formats that check more than its level. */
    @Nullable
    private EventCheck check() {
        switch (this) {
            case DPKG:
                return new DebianVersions();
            case EXIM:
                return new EximLines();
            case XORG:
                return new XorgMarkers();
            default:
                return null;
        }
    }

    /** Thunderbird's start: alert, epoch, date, node, then the syslog time and the node again. */
    private static final class Thunderbird {
        static final String START =
                "%{alert} %{timestamp:epoch} %{_:token} %{host} %{_:word} %{_:digits}"
                        + " %{_:token} %{_:token} ";
    }

    /** Exim's layouts' common parts: its time, with the fraction of +millisec. */
    private static final class Exim {
        static final String START = "%{timestamp:yyyy-MM-dd HH:mm:ss.SSS} ";
        static final String MESSAGE = "%{messageId} %{flag} %{address} %{message}";
    }

    /** vsftpd's layouts' common parts. */
    private static final class Vsftpd {
        static final String START = "%{timestamp:EEE MMM d HH:mm:ss yyyy} [pid %{pid}] ";
        static final String CLIENT = "Client \"%{client}\"";
    }

    /** Envoy's layouts, in a class of their own as an enum's constants cannot use its fields. */
    private static final class Envoy {
        static final String START = "[%{timestamp:rfc3339}] ";

        /** Envoy's fields after the response flags, as its default format writes them. */
        static final String TAIL =
                " %{receivedBytes:num} %{bytes} %{requestTime:ms} %{upstreamServiceTime:num}"
                        + " \"%{forwardedFor:text}\" \"%{userAgent:text}\" \"%{requestId:text}\""
                        + " \"%{authority:text}\" \"%{upstreamHost:text}\"";

        static final String REST = " %{responseFlags}" + TAIL;

        /** Istio's: Envoy's with more details, and the addresses and route after them. */
        static final String ISTIO_REST =
                " %{responseFlags} %{responseCodeDetails} %{connectionTerminationDetails}"
                        + " \"%{upstreamTransportFailureReason:text}\""
                        + TAIL
                        + " %{upstreamCluster} %{upstreamLocalAddress} %{downstreamLocalAddress}"
                        + " %{client}:%{clientPort:num} %{requestedServerName} %{route}";
    }
}
