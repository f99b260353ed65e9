package dev.logslice.format.preset;

import dev.logslice.format.LogEvent;

import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.logslice.format.preset.ServerLogPresetsTest.detectedAndRead;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Logs of task runners, a database and Kubernetes that were refused as no known format: Celery's
 * workers, Airflow's scheduler and tasks, Cassandra's system.log, klog's (kubelet, the API server).
 * Samples as they write them: process names with digits, tracebacks, thread names with colons and
 * brackets, padded thread ids, brackets in messages.
 */
class WorkerLogPresetsTest {
    @Test
    void celeryLinesHaveLevelAndProcessAndTracebacksJoinTheirEvent() throws Exception {
        String log =
                "[2024-01-15 10:20:30,123: INFO/MainProcess] Connected to"
                        + " redis://localhost:6379/0\n"
                        + "[2024-01-15 10:20:31,789: ERROR/ForkPoolWorker-12] Task"
                        + " app.tasks.send[4f1c] raised unexpected: ValueError('x]')\n"
                        + "Traceback (most recent call last):\n"
                        + "  File \"/app/tasks.py\", line 7, in send\n"
                        + "ValueError: x]\n"
                        + "[2024-01-15 10:20:32,000: WARNING/MainProcess] celery@web-1 ready.";

        List<LogEvent> events = detectedAndRead("celery", log);

        assertThat(events).extracting(LogEvent::level).containsExactly("INFO", "ERROR", "WARNING");
        assertThat(events.get(0).timestampText()).isEqualTo("2024-01-15T10:20:30.123Z");
        assertThat(events.get(1).extra()).containsEntry("process", "ForkPoolWorker-12");
        assertThat(events.get(1).message())
                .startsWith("Task app.tasks.send[4f1c] raised unexpected: ValueError('x]')")
                .endsWith("ValueError: x]");
        assertThat(events.get(2).message()).isEqualTo("celery@web-1 ready.");
    }

    @Test
    void airflowLinesHaveTheirSourceFileAsLogger() throws Exception {
        String log =
                "[2024-01-15T10:20:30.123+0000] {taskinstance.py:1138} INFO - Dependencies all"
                        + " met for <TaskInstance: etl.load manual__2024 [queued]>\n"
                        + "[2024-01-15T10:20:31.456+0100] {standard_task_runner.py:57} INFO -"
                        + " Started process 99 to run task\n"
                        + "[2024-01-15T10:20:32.000+0000] {taskinstance.py:1400} ERROR - Task"
                        + " failed - with a dash\n"
                        + "Traceback (most recent call last):\n"
                        + "  File \"/opt/airflow/dags/etl.py\", line 3, in load\n"
                        + "KeyError: 'id'";

        List<LogEvent> events = detectedAndRead("airflow", log);

        assertThat(events).extracting(LogEvent::level).containsExactly("INFO", "INFO", "ERROR");
        assertThat(events.get(0).logger()).isEqualTo("taskinstance.py:1138");
        assertThat(events.get(0).message()).endsWith("[queued]>");
        assertThat(events.get(1).timestampText()).isEqualTo("2024-01-15T10:20:31.456+01:00");
        assertThat(events.get(2).message())
                .startsWith("Task failed - with a dash")
                .endsWith("KeyError: 'id'");
    }

    @Test
    void cassandraLinesHaveThreadAndCallerBeforeTheMessage() throws Exception {
        String log =
                "INFO  [main] 2024-01-15 10:20:30,123 CassandraDaemon.java:123 - Starting"
                        + " Cassandra\n"
                        + "WARN  [ScheduledTasks:1] 2024-01-15 10:20:30,456 NoSpamLogger.java:95 -"
                        + " Some operations were slow - 3 in the last 5000 msecs\n"
                        + "ERROR [CompactionExecutor:4] 2024-01-15 10:20:31,000"
                        + " CassandraDaemon.java:581 - Exception in thread"
                        + " Thread[CompactionExecutor:4,1,main]\n"
                        + "java.lang.RuntimeException: boom\n"
                        + "\tat org.apache.cassandra.db.Compaction.run(Compaction.java:10)";

        List<LogEvent> events = detectedAndRead("cassandra", log);

        assertThat(events).extracting(LogEvent::level).containsExactly("INFO", "WARN", "ERROR");
        assertThat(events.get(1).thread()).isEqualTo("ScheduledTasks:1");
        assertThat(events.get(1).timestampText()).isEqualTo("2024-01-15T10:20:30.456Z");
        assertThat(events.get(1).extra())
                .containsEntry("callerFile", "NoSpamLogger.java")
                .containsEntry("callerLine", 95L);
        assertThat(events.get(1).message())
                .isEqualTo("Some operations were slow - 3 in the last 5000 msecs");
        assertThat(events.get(2).message())
                .startsWith("Exception in thread Thread[CompactionExecutor:4,1,main]")
                .endsWith("(Compaction.java:10)");
    }

    @Test
    void klogLinesHaveTheirSeverityLetterThreadAndSourceLine() throws Exception {
        String log =
                "I0115 10:20:30.123456    1234 main.go:42] Starting kubelet\n"
                        + "W0115 10:20:31.000001    1234 server.go:1010] Failed to get node info:"
                        + " nodes \"n1\" not found] here\n"
                        + "E1231 23:59:59.999999 7 pod_workers.go:190] Error syncing pod"
                        + " (\"web-1_default(abc)\")";

        List<LogEvent> events = detectedAndRead("klog", log);

        assertThat(events).extracting(LogEvent::level).containsExactly("info", "warning", "error");
        assertThat(events.get(0).timestampText()).endsWith("-01-15T10:20:30.123456Z");
        assertThat(events.get(0).extra()).containsEntry("threadId", 1234L);
        assertThat(events.get(0).logger()).isEqualTo("main.go:42");
        assertThat(events.get(1).message())
                .isEqualTo("Failed to get node info: nodes \"n1\" not found] here");
        assertThat(events.get(2).timestampText()).endsWith("-12-31T23:59:59.999999Z");
        assertThat(events.get(2).logger()).isEqualTo("pod_workers.go:190");
    }
}
