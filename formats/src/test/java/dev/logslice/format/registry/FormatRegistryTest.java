package dev.logslice.format.registry;

import dev.logslice.format.LogEvent;
import dev.logslice.format.LogFormat;
import dev.logslice.format.registry.FormatDefinition.PatternUse;

import org.apache.flink.util.InstantiationUtil;

import org.junit.jupiter.api.Test;

import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The registry: every format listed, each reading its own example. */
class FormatRegistryTest {
    private final FormatRegistry registry = FormatRegistry.standard();

    @Test
    void listsTheFormatsOfTheIssue() {
        assertThat(registry.definitions().stream().map(FormatDefinition::name))
                .containsExactly(
                        "combined",
                        "common",
                        "vcombined",
                        "nginx",
                        "apache",
                        "apache-error",
                        "syslog",
                        "log4j",
                        "log4j2",
                        "logback",
                        "spring-boot",
                        "log4j-classic",
                        "jboss",
                        "minecraft",
                        "hadoop",
                        "spark",
                        "kafka",
                        "cassandra",
                        "zookeeper",
                        "python",
                        "openstack",
                        "logcat",
                        "hdfs",
                        "postgresql",
                        "mysql",
                        "mysql-slow",
                        "windows-cbs",
                        "dpkg",
                        "apt-history",
                        "nginx-error",
                        "apt-term",
                        "alternatives",
                        "kernel",
                        "xorg",
                        "cloud-init",
                        "celery",
                        "airflow",
                        "fail2ban",
                        "tomcat",
                        "php-fpm",
                        "redis",
                        "elasticsearch",
                        "go",
                        "traefik",
                        "squid",
                        "pacman",
                        "dnf",
                        "macos",
                        "cups",
                        "xferlog",
                        "vsftpd",
                        "exim",
                        "setupapi",
                        "aws-elb",
                        "aws-s3",
                        "haproxy",
                        "ruby",
                        "jenkins",
                        "envoy",
                        "supervisord",
                        "bgl",
                        "thunderbird",
                        "hpc",
                        "healthapp",
                        "klog",
                        "proxifier",
                        "mongodb-text",
                        "jvm-gc",
                        "rust",
                        "serilog",
                        "nlog",
                        "dotnet",
                        "hclog",
                        "rabbitmq",
                        "erlang-report",
                        "elixir",
                        "uwsgi",
                        "php",
                        "monolog",
                        "coredns",
                        "cri",
                        "kubectl",
                        "compose",
                        "w3c",
                        "zeek",
                        "cef",
                        "audit",
                        "bunyan",
                        "pino",
                        "journald",
                        "gelf",
                        "gcp",
                        "azure",
                        "docker",
                        "zeek-json",
                        "mongodb",
                        "caddy",
                        "nextcloud",
                        "traefik-json",
                        "k8s-audit",
                        "json",
                        "logfmt",
                        "regex");
    }

    @Test
    void everyFormatReadsItsExample() {
        for (FormatDefinition definition : registry.definitions()) {
            FormatOptions options =
                    definition
                            .examplePattern()
                            .map(FormatOptions::pattern)
                            .orElse(FormatOptions.none());
            LogFormat format = definition.create(options);
            LogEvent event = Examples.event(definition, format);

            assertThat(format.name()).isEqualTo(definition.name());
            // CoreDNS writes no time: the container runtime's log has it. The X server writes
            // the seconds since it started.
            assertThat(
                            event.timestampText() != null
                                    || Set.of("coredns", "xorg").contains(definition.name()))
                    .as(definition.name() + " has a time")
                    .isTrue();
            assertThat(definition.description()).isNotBlank();
        }
    }

    @Test
    void everyFormatSurvivesJavaSerializationAsFlinkShipsIt() throws Exception {
        for (FormatDefinition definition : registry.definitions()) {
            FormatOptions options =
                    definition
                            .examplePattern()
                            .map(FormatOptions::pattern)
                            .orElse(FormatOptions.none());
            LogFormat shipped = InstantiationUtil.clone(definition.create(options));

            LogEvent event = Examples.event(definition, shipped);
            LogEvent unshipped = Examples.event(definition, definition.create(options));

            assertThat(event)
                    .as(definition.name())
                    .extracting(
                            LogEvent::timestampText,
                            LogEvent::level,
                            LogEvent::message,
                            LogEvent::extra)
                    .containsExactly(
                            unshipped.timestampText(),
                            unshipped.level(),
                            unshipped.message(),
                            unshipped.extra());
            assertThat(event.timestampText() != null || event.level() != null)
                    .as(definition.name() + " reads its example")
                    .isTrue();
        }
    }

    @Test
    void patternFormatsSayWhatTheyNeed() {
        assertThat(
                        registry.definitions().stream()
                                .filter(d -> d.patternUse() == PatternUse.REQUIRED)
                                .map(FormatDefinition::name)
                                .collect(Collectors.toList()))
                .containsExactly("apache", "log4j", "regex");
        assertThatThrownBy(() -> registry.create("log4j", FormatOptions.none()))
                .hasMessage("format log4j needs a pattern, like: %d{ISO8601} %-5p [%t] %c: %m%n");
        assertThatThrownBy(() -> registry.create("combined", FormatOptions.pattern("%h")))
                .hasMessage("format combined takes no pattern");
    }

    @Test
    void unknownNameListsTheKnownOnes() {
        assertThatThrownBy(() -> registry.definition("combind"))
                .isInstanceOf(UnknownFormatException.class)
                .hasMessageStartingWith(
                        "unknown format 'combind'; the formats are: auto, combined,")
                .hasMessageContaining(
                        "zeek-json, mongodb, caddy, nextcloud, traefik-json, k8s-audit, json, logfmt,"
                                + " regex");
    }
}
