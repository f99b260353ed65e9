package dev.logslice.format.log4j;

import dev.logslice.format.LogFormat;

import java.util.ArrayList;
import java.util.List;

/**
 * The PatternLayouts common Java programs log with by default, each a format of its own name. Where
 * versions differ the layouts are tried in order.
 */
public enum Log4jPreset {
    LOG4J2(
            "log4j2",
            "Log4j 2 default console layout",
            "14:03:27.123 [main] INFO  com.example.App - Started in 1.2 s",
            "%d{HH:mm:ss.SSS} [%t] %-5level %logger{36} - %msg%n"),
    LOGBACK(
            "logback",
            "Logback default layout (TTLLLayout; 1.2 and 1.3+)",
            "14:03:27.123 [main] INFO  com.example.App -- Started in 1.2 s",
            "%d{HH:mm:ss.SSS} [%thread] %-5level %logger{36} - %msg%n",
            "%d{HH:mm:ss.SSS} [%thread] %-5level %logger{36} -%kvp- %msg%n"),
    SPRING_BOOT(
            "spring-boot",
            "Spring Boot default console and file layouts (2.x and 3.x, with or without"
                    + " application name, trace and span ids of 3.2+'s correlation or of Sleuth)",
            "2024-05-10T01:34:33.608Z  INFO 88909 --- [myapp] [           main]"
                    + " o.s.b.d.f.logexample.MyApplication       : Started MyApplication",
            SpringBoot.patterns()),
    LOG4J_CLASSIC(
            "log4j-classic",
            "Java log in the classic Log4j/Logback PatternLayouts with ' - ' before the message"
                    + " (%d [%t] %-5p %c - %m%n and its kin, with and without the thread)",
            "2024-01-15 10:20:30,123 [RMI TCP Connection(2)-127.0.0.1] INFO  org.example.Cache -"
                    + " evicted 3 entries",
            // The layout of Log4j 1's PatternLayout documentation, copied into countless
            // log4j.properties, then the level-first order many projects use.
            "%d [%t] %-5p %c - %m%n",
            "%d %-5p [%t] %c - %m%n",
            // The short logger and its line, as the Log4j 1 manual's %d{ABSOLUTE} example and
            // the tutorials have them: without the line's own layout the logger was "Main:42".
            "%d %-5p %c{1}:%L - %m%n",
            "%d{ABSOLUTE} %-5p %c{1}:%L - %m%n",
            "%d %-5p %c - %m%n",
            "%d %-5p [%c] %m%n",
            // TTCC, BasicConfigurator's: milliseconds since start, no time.
            "%r [%t] %-5p %c - %m%n"),
    JBOSS(
            "jboss",
            "WildFly, JBoss EAP, Quarkus and Keycloak: time, level, [category], (thread),"
                    + " message; the server log's date and the console's time alone",
            "2024-01-15 10:20:30,123 INFO  [org.jboss.as.server] (ServerService Thread Pool --"
                    + " 68) WFLYSRV0010: Deployed \"shop.war\" (runtime-name : \"shop.war\")",
            "%d{yyyy-MM-dd HH:mm:ss,SSS} %-5p [%c] (%t) %m%n",
            "%d{HH:mm:ss,SSS} %-5p [%c] (%t) %m%n"),
    MINECRAFT(
            "minecraft",
            "Minecraft servers (vanilla, Paper, Forge) and other Log4j 2 game servers: [time]"
                    + " [thread/LEVEL] ([logger]): message",
            "[10:20:30] [Server thread/INFO]: Done (3.214s)! For help, type \"help\"",
            "[%d{HH:mm:ss}] [%t/%level] [%logger]: %msg%n",
            "[%d{HH:mm:ss}] [%t/%level]: %msg%n"),
    HADOOP(
            "hadoop",
            "Hadoop and YARN container logs (log4j 1 ISO8601; with and without thread)",
            "2015-10-18 18:01:47,978 INFO [main] org.apache.hadoop.mapreduce.v2.app.MRAppMaster:"
                    + " Created MRAppMaster",
            "%d{ISO8601} %p [%t] %c: %m%n",
            "%d{ISO8601} %p %c: %m%n"),
    SPARK(
            "spark",
            "Apache Spark default log4j layout",
            "24/01/15 10:20:30 INFO SparkContext: Running Spark version 3.5.0",
            "%d{yy/MM/dd HH:mm:ss} %p %c{1}: %m%n"),
    KAFKA(
            "kafka",
            "Apache Kafka server log",
            "[2024-01-15 10:20:30,123] INFO [KafkaServer id=0] started (kafka.server.KafkaServer)",
            "[%d] %p %m (%c)%n"),
    CASSANDRA(
            "cassandra",
            "Apache Cassandra's system.log and debug.log (level, thread, time, file:line)",
            "INFO  [main] 2024-01-15 10:20:30,123 CassandraDaemon.java:123 - Starting Cassandra",
            "%-5level [%thread] %date{ISO8601} %F:%L - %msg%n"),
    ZOOKEEPER(
            "zookeeper",
            "Apache ZooKeeper log (3.4, and 3.5+ with myid)",
            "2015-07-29 17:41:44,747 - INFO  [QuorumPeer[myid=1]/0:0:0:0:0:0:0:0:2181:"
                    + "FastLeaderElection@774] - Notification time out: 3200",
            "%d{ISO8601} - %-5p [%t:%C{1}@%L] - %m%n",
            "%d{ISO8601} [myid:%X{myid}] - %-5p [%t:%C{1}@%L] - %m%n");

    /** Spring Boot's layouts differ in what comes around the level and the thread. */
    private static final class SpringBoot {
        /** The console pads the thread to 15, so "[myapp]" is never its thread. */
        private static final String CONSOLE_THREAD = "[%15.15t]";

        /** The file layout does not truncate: [RMI TCP Connection(2)-127.0.0.1]. */
        private static final String FILE_THREAD = "[%t]";

        private static final String APPLICATION = "[%X{application}] ";

        /** 3.2+'s correlation: the ids padded to 32 and 16, or 49 blanks when a line has none. */
        private static final List<String> CORRELATIONS =
                List.of("[%32.32X{traceId}-%16.16X{spanId}]", "[%49.49X{correlation}]");

        /** Sleuth (Boot 2) and many a logging.pattern.level put the ids after the level. */
        private static final List<String> LEVELS_WITH_IDS =
                List.of(
                        "%5p [%X{application},%X{traceId},%X{spanId},%X{spanExport}]",
                        "%5p [%X{application},%X{traceId},%X{spanId}]");

        /**
         * The usual layouts first, as the first layout that reads a line wins and each try costs as
         * much as a match. No bracket holds "] [", so a layout of fewer brackets never reads a line
         * of more; of those of as many, the ids (fixed widths, or commas) are tried before an
         * application and a file thread would take them.
         */
        static String[] patterns() {
            List<String> patterns = new ArrayList<>();
            patterns.add(layout("%5p", APPLICATION + CONSOLE_THREAD));
            patterns.add(layout("%5p", CONSOLE_THREAD));
            patterns.add(layout("%5p", FILE_THREAD));
            for (String thread : List.of(CONSOLE_THREAD, FILE_THREAD)) {
                for (String correlation : CORRELATIONS) {
                    patterns.add(layout("%5p", thread + " " + correlation));
                }
            }
            // Sleuth's ids as a logging.pattern.correlation of the user's own, told from an
            // application name and a thread by their commas and the padded thread before them.
            patterns.add(
                    layout("%5p", CONSOLE_THREAD + " [%X{application},%X{traceId},%X{spanId}]"));
            patterns.add(layout("%5p", APPLICATION + FILE_THREAD));
            for (String thread : List.of(CONSOLE_THREAD, FILE_THREAD)) {
                for (String correlation : CORRELATIONS) {
                    patterns.add(layout("%5p", APPLICATION + thread + " " + correlation));
                }
            }
            for (String level : LEVELS_WITH_IDS) {
                patterns.add(layout(level, CONSOLE_THREAD));
                patterns.add(layout(level, FILE_THREAD));
            }
            return patterns.toArray(new String[0]);
        }

        private static String layout(String levelPart, String threadPart) {
            return "%d{yyyy-MM-dd'T'HH:mm:ss.SSSXXX} "
                    + levelPart
                    + " ${PID} --- "
                    + threadPart
                    + " %-40.40logger{39} : %m%n";
        }
    }

    private final String formatName;
    private final String description;
    private final String example;
    private final List<String> patterns;

    Log4jPreset(String formatName, String description, String example, String... patterns) {
        this.formatName = formatName;
        this.description = description;
        this.example = example;
        this.patterns = List.of(patterns);
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

    public List<String> patterns() {
        return patterns;
    }

    /** The formats this one reads more precisely (see {@code FormatDefinition#refines}). */
    public String[] refines() {
        // '%d %-5p [%c] %m' reads JBoss's lines with the thread in the message, Hadoop's
        // '[%t] %c: %m' with the thread as the logger.
        return this == JBOSS || this == HADOOP
                ? new String[] {LOG4J_CLASSIC.formatName}
                : new String[0];
    }

    public LogFormat format() {
        return Log4jFormats.of(formatName, patterns);
    }
}
