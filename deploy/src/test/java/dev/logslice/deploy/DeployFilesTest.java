package dev.logslice.deploy;

import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The docker compose, Prometheus and Kubernetes files, checked without Docker or Kubernetes: they
 * parse, and their image tags, Flink version, job jar name and entry class are the build's.
 */
class DeployFilesTest {
    private static final String FLINK_VERSION = System.getProperty("flink.version");
    private static final Path JOB_JAR = Paths.get(System.getProperty("logslice.job.jar"));
    private static final Path DEPLOY = Paths.get("").toAbsolutePath();
    private static final String IMAGE = "flink:" + FLINK_VERSION + "-java17";
    private static final String JAR_IN_IMAGE = "/opt/flink/usrlib/logslice-job.jar";
    private static final String PROMETHEUS_REPORTER =
            "org.apache.flink.metrics.prometheus.PrometheusReporterFactory";
    private static final String JMX_REPORTER = "org.apache.flink.metrics.jmx.JMXReporterFactory";

    @Test
    void composeRunsTheBuildsFlinkVersionWithTheJobJarAndBothReporters() throws IOException {
        Map<String, Object> services = map(only(documents("docker-compose.yml")), "services");

        for (String name : List.of("jobmanager", "taskmanager")) {
            Map<String, Object> service = map(services, name);
            assertThat(service.get("image")).as(name).isEqualTo(IMAGE);
            assertThat(list(service, "volumes"))
                    .as(name)
                    .contains(
                            "../jobs/target/" + JOB_JAR.getFileName() + ":" + JAR_IN_IMAGE + ":ro");
            String properties = (String) map(service, "environment").get("FLINK_PROPERTIES");
            assertThat(properties).contains(PROMETHEUS_REPORTER, JMX_REPORTER);
        }
        // The mounted path, relative to the compose file, is the jar the build made.
        assertThat(DEPLOY.resolve("../jobs/target").resolve(JOB_JAR.getFileName())).isRegularFile();
        assertThat(map(services, "prometheus").get("profiles")).isEqualTo(List.of("metrics"));
    }

    @Test
    void prometheusScrapesTheReporterPort() throws IOException {
        Map<String, Object> config = only(documents("prometheus/prometheus.yml"));

        assertThat(config.toString()).contains("jobmanager:9249", "port=9249");
        assertThat(only(documents("docker-compose.yml")).toString())
                .contains("metrics.reporter.prom.port: 9249");
    }

    @Test
    void reporterFactoriesInTheConfigsExist() throws ClassNotFoundException {
        // The deploy module's class path is the standalone cluster's: the same reporter jars.
        Class.forName(PROMETHEUS_REPORTER);
        Class.forName(JMX_REPORTER);
    }

    @Test
    void kubernetesDeploymentsRunTheJobJarsEntryClassOnTheBuildsFlinkVersion() throws IOException {
        String entryClass = mainClassOf(JOB_JAR);
        String operatorVersion = "v" + FLINK_VERSION.replaceAll("^(\\d+)\\.(\\d+).*", "$1_$2");
        List<Map<String, Object>> resources = new ArrayList<>();
        resources.addAll(documents("kubernetes/application.yaml"));
        resources.addAll(documents("kubernetes/session.yaml"));

        int jobs = 0;
        for (Map<String, Object> resource : resources) {
            assertThat(resource.get("apiVersion")).isEqualTo("flink.apache.org/v1beta1");
            Map<String, Object> spec = map(resource, "spec");
            if (resource.get("kind").equals("FlinkDeployment")) {
                assertThat(spec.get("flinkVersion")).isEqualTo(operatorVersion);
                assertThat(spec.get("image")).isEqualTo("logslice:" + projectVersion());
                assertThat(map(spec, "flinkConfiguration"))
                        .containsEntry("metrics.reporter.prom.factory.class", PROMETHEUS_REPORTER)
                        .containsEntry("metrics.reporter.jmx.factory.class", JMX_REPORTER);
            }
            if (spec.containsKey("job")) {
                Map<String, Object> job = map(spec, "job");
                assertThat(job.get("entryClass")).isEqualTo(entryClass);
                assertThat((String) job.get("jarURI"))
                        .satisfiesAnyOf(
                                uri -> assertThat(uri).isEqualTo("local://" + JAR_IN_IMAGE),
                                uri -> assertThat(uri).endsWith("/" + JOB_JAR.getFileName()));
                assertThat(list(job, "args").get(0)).isIn("scan", "grep");
                jobs++;
            }
        }
        assertThat(jobs).isEqualTo(2);
    }

    @Test
    void imageOfTheKubernetesFilesAddsTheBuiltJobJarToFlink() throws IOException {
        List<String> lines = Files.readAllLines(DEPLOY.resolve("kubernetes/Dockerfile"));

        assertThat(lines).contains("FROM " + IMAGE);
        assertThat(lines)
                .contains("COPY --chown=flink:flink " + JOB_JAR.getFileName() + " " + JAR_IN_IMAGE);
    }

    private static String projectVersion() {
        return System.getProperty("logslice.version");
    }

    private static String mainClassOf(Path jar) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.getManifest().getMainAttributes().getValue("Main-Class");
        }
    }

    private static List<Map<String, Object>> documents(String file) throws IOException {
        List<Map<String, Object>> documents = new ArrayList<>();
        try (Reader reader = Files.newBufferedReader(DEPLOY.resolve(file))) {
            for (Object document : new Yaml().loadAll(reader)) {
                documents.add(asMap(document));
            }
        }
        return documents;
    }

    private static Map<String, Object> only(List<Map<String, Object>> documents) {
        assertThat(documents).hasSize(1);
        return documents.get(0);
    }

    private static Map<String, Object> map(Map<String, Object> parent, String key) {
        assertThat(parent).containsKey(key);
        return asMap(parent.get(key));
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Map<String, Object> parent, String key) {
        assertThat(parent.get(key)).as(key).isInstanceOf(List.class);
        return (List<Object>) parent.get(key);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(Object node) {
        assertThat(node).isInstanceOf(Map.class);
        return (Map<String, Object>) node;
    }
}
