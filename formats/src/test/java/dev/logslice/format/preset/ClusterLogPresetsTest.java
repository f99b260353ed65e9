package dev.logslice.format.preset;

import dev.logslice.format.LogEvent;
import dev.logslice.format.MalformedLine;
import dev.logslice.format.ParseResult;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static dev.logslice.format.preset.ServerLogPresetsTest.detected;
import static dev.logslice.format.preset.ServerLogPresetsTest.detectedAndRead;
import static dev.logslice.format.preset.ServerLogPresetsTest.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * Public log families that were refused as no known format: the supercomputer logs of Loghub (Blue
 * Gene/L, Thunderbird, HPC), an Android app's (HealthApp), Proxifier's, and supervisord's own log,
 * which Hadoop's layout read in part with the first word of the message as a logger. Samples as the
 * systems write them: alert tags, two-digit days, nodes with colons, unpadded times.
 */
class ClusterLogPresetsTest {
    private static final String BGL =
            "- 1117838570 2005.06.03 R02-M1-N0-C:J12-U11 2005-06-03-15.42.50.675872"
                    + " R02-M1-N0-C:J12-U11 RAS KERNEL INFO instruction cache parity error"
                    + " corrected\n"
                    + "APPREAD 1117869872 2005.06.04 R04-M1-N4-I:J18-U11"
                    + " 2005-06-04-00.24.32.432192 R04-M1-N4-I:J18-U11 RAS APP FATAL ciod: failed"
                    + " to read message prefix on control stream (CioStream socket to"
                    + " 172.16.96.116:33569\n"
                    + "- 1118536327 2005.06.11 NULL 2005-06-11-17.32.07.581048 NULL RAS MMCS"
                    + " ERROR idoproxydb hit ASSERT condition: ASSERT expression=0\n"
                    + "KERNDTLB 1118554869 2005.06.11 R30-M0-N9-C:J16-U01"
                    + " 2005-06-11-22.41.09.144372 R30-M0-N9-C:J16-U01 RAS KERNEL FATAL data TLB"
                    + " error interrupt";

    private static final String THUNDERBIRD =
            "- 1131566461 2005.11.09 dn228 Nov 9 12:01:01 dn228/dn228 crond(pam_unix)[2915]:"
                    + " session closed for user root\n"
                    + "- 1131566462 2005.11.09 en257 Nov 9 12:01:02 en257/en257 kernel: EXT3-fs"
                    + " error (device sda5): ext3_find_entry: reading directory #2 offset 0\n"
                    + "- 1131653003 2005.11.10 tbird-admin1 Nov 10 12:03:23 local@tbird-admin1"
                    + " postfix/postdrop[10896]: warning: unable to look up public/pickup\n"
                    + "ECC 1131653004 2005.11.10 cn617 Nov 10 12:03:24 cn617/cn617 Server"
                    + " Administrator: Instrumentation Service EventID: 1404 Memory device status"
                    + " is critical";

    private static final String HPC =
            "134681 node-246 unix.hw state_change.unavailable 1077804742 1 Component State"
                    + " Change: Component \"alt0\" is in the unavailable state (HWID=1)\n"
                    + "2561 node-171 action start 1077809214 1 clusterAddMember  (command 1902)\n"
                    + "460038 gige7 switch_module bcast 1084680778 1 Link error on broadcast tree"
                    + " Interconnect-0T00:00:2:0";

    private static final String HEALTHAPP =
            "20171223-22:15:29:606|Step_LSC|30002312|onStandStepChanged 3579\n"
                    + "20171223-22:15:29:615|Step_LSC|30002312|onExtend:1514038530000 14 0 4\n"
                    + "20171224-0:1:2:5|Step_StandReportReceiver|30002312|onReceive action:"
                    + " android.intent.action.SCREEN_ON|with|pipes";

    private static final String PROXIFIER =
            "[10.30 16:49:06] chrome.exe - proxy.cse.example.hk:5070 open through proxy"
                    + " proxy.cse.example.hk:5070 HTTPS\n"
                    + "[10.30 16:49:07] chrome.exe - proxy.cse.example.hk:5070 close, 0 bytes"
                    + " sent, 0 bytes received, lifetime <1 sec\n"
                    + "[10.30 17:59:17] svchost.exe *64 - proxy close, 303 bytes sent, 5015 bytes"
                    + " (4.89 KB) received, lifetime 00:02";

    private static final String SUPERVISORD =
            "2024-01-15 10:20:30,001 CRIT Supervisor is running as root.  Privileges were not"
                    + " dropped because no user is specified in the config file.\n"
                    + "2024-01-15 10:20:30,123 INFO spawned: 'web' with pid 1234\n"
                    + "2024-01-15 10:20:31,456 INFO success: web entered RUNNING state, process"
                    + " has stayed up for > than 1 seconds (startsecs)\n"
                    + "2024-01-15 10:20:35,001 WARN exited: worker_01 (exit status 1; not"
                    + " expected)\n"
                    + "2024-01-15 10:20:36,003 INFO gave up: worker_01 entered FATAL state, too"
                    + " many start retries too quickly\n"
                    + "2024-01-15 10:20:37,004 DEBG 'web' stdout output:\n"
                    + "2024-01-15 10:20:38,005 ERRO pool listener event buffer overflowed";

    @Test
    void blueGeneLinesAreTimedByTheirEpochWithNodeComponentAndLevel() throws Exception {
        List<LogEvent> events = detectedAndRead("bgl", BGL);

        assertThat(events).hasSize(4);
        // The text time beside it is local (15.42 in Livermore): the epoch is UTC.
        assertThat(events.get(0).timestampText()).isEqualTo("2005-06-03T22:42:50Z");
        assertThat(events.get(0).host()).isEqualTo("R02-M1-N0-C:J12-U11");
        assertThat(events.get(0).logger()).isEqualTo("KERNEL");
        assertThat(events.get(0).level()).isEqualTo("INFO");
        assertThat(events.get(0).message()).isEqualTo("instruction cache parity error corrected");
        assertThat(events.get(1).extra()).contains(entry("alert", "APPREAD"), entry("type", "RAS"));
        assertThat(events.get(1).message()).startsWith("ciod: failed to read message prefix");
        assertThat(events.get(2).host()).isEqualTo("NULL");
        assertThat(events.get(2).level()).isEqualTo("ERROR");
        assertThat(events.get(3).extra()).containsEntry("alert", "KERNDTLB");
    }

    @Test
    void thunderbirdLinesAreSyslogBehindTheirAlertEpochAndNode() throws Exception {
        List<LogEvent> events = detectedAndRead("thunderbird", THUNDERBIRD);

        assertThat(events).hasSize(4);
        assertThat(events.get(0).timestampText()).isEqualTo("2005-11-09T20:01:01Z");
        assertThat(events.get(0).host()).isEqualTo("dn228");
        assertThat(events.get(0).program()).isEqualTo("crond(pam_unix)");
        assertThat(events.get(0).pid()).isEqualTo(2915L);
        assertThat(events.get(0).message()).isEqualTo("session closed for user root");
        assertThat(events.get(1).program()).isEqualTo("kernel");
        assertThat(events.get(1).pid()).isZero();
        assertThat(events.get(1).message()).startsWith("EXT3-fs error (device sda5):");
        assertThat(events.get(2).host()).isEqualTo("tbird-admin1");
        assertThat(events.get(2).program()).isEqualTo("postfix/postdrop");
        assertThat(events.get(2).message()).isEqualTo("warning: unable to look up public/pickup");
        // No program: "Server Administrator:" holds a space.
        assertThat(events.get(3).extra()).containsEntry("alert", "ECC");
        assertThat(events.get(3).program()).isNull();
        assertThat(events.get(3).message()).startsWith("Server Administrator: Instrumentation");
    }

    @Test
    void hpcEventsKeepTheirIdStateAndFlag() throws Exception {
        List<LogEvent> events = detectedAndRead("hpc", HPC);

        assertThat(events).hasSize(3);
        assertThat(events.get(0).timestampText()).isEqualTo("2004-02-26T14:12:22Z");
        assertThat(events.get(0).host()).isEqualTo("node-246");
        assertThat(events.get(0).logger()).isEqualTo("unix.hw");
        assertThat(events.get(0).extra())
                .containsExactly(
                        entry("logId", 134681L),
                        entry("state", "state_change.unavailable"),
                        entry("flag", 1L));
        assertThat(events.get(1).message()).isEqualTo("clusterAddMember  (command 1902)");
        assertThat(events.get(2).host()).isEqualTo("gige7");
    }

    @Test
    void healthAppTimesAreUnpaddedAndItsMessagesKeepTheirPipes() throws Exception {
        List<LogEvent> events = detectedAndRead("healthapp", HEALTHAPP);

        assertThat(events).hasSize(3);
        assertThat(events.get(0).timestampText()).isEqualTo("2017-12-23T22:15:29Z");
        assertThat(events.get(0).logger()).isEqualTo("Step_LSC");
        assertThat(events.get(0).pid()).isEqualTo(30002312L);
        assertThat(events.get(1).message()).isEqualTo("onExtend:1514038530000 14 0 4");
        // ':5' is 5 ms, not half a second: no fraction is made of it.
        assertThat(events.get(2).timestampText()).isEqualTo("2017-12-24T00:01:02Z");
        assertThat(events.get(2).message())
                .isEqualTo("onReceive action: android.intent.action.SCREEN_ON|with|pipes");
    }

    @Test
    void proxifierProgramsMayHoldSpaces() throws Exception {
        List<LogEvent> events = detectedAndRead("proxifier", PROXIFIER);

        assertThat(events).hasSize(3);
        assertThat(events.get(0).timestampText()).endsWith("-10-30T16:49:06Z");
        assertThat(events.get(0).program()).isEqualTo("chrome.exe");
        assertThat(events.get(0).message()).startsWith("proxy.cse.example.hk:5070 open through");
        assertThat(events.get(2).program()).isEqualTo("svchost.exe *64");
        assertThat(events.get(2).message()).endsWith("received, lifetime 00:02");
    }

    @Test
    void supervisordsLevelsAreNamedAndItsMessagesHaveNoLogger() throws Exception {
        List<LogEvent> events = detectedAndRead("supervisord", SUPERVISORD);

        assertThat(events)
                .extracting(LogEvent::level)
                .containsExactly("critical", "info", "info", "warn", "info", "debug", "error");
        assertThat(events).allSatisfy(event -> assertThat(event.logger()).isNull());
        assertThat(events.get(1).timestampText()).isEqualTo("2024-01-15T10:20:30.123Z");
        assertThat(events.get(1).message()).isEqualTo("spawned: 'web' with pid 1234");
        assertThat(events.get(3).message())
                .isEqualTo("exited: worker_01 (exit status 1; not expected)");
    }

    @Test
    void mongodbTextLogsHaveSeverityComponentAndContext() throws Exception {
        String log =
                "2018-02-05T13:44:56.744+0100 I NETWORK  [initandlisten] waiting for connections"
                        + " on port 27017\n"
                        + "2018-02-05T13:44:57.000Z W -        [main] no component [x] here\n"
                        + "2019-02-05T13:44:58.001+0000 D2 QUERY    [conn 12] plan [a] chosen\n"
                        + "2018-02-05T13:44:59.002+0100 F -        [conn3] Invariant failure";

        List<LogEvent> events = detectedAndRead("mongodb-text", log);

        assertThat(events)
                .extracting(LogEvent::level)
                .containsExactly("info", "warning", "debug", "fatal");
        assertThat(events.get(0).timestampText()).isEqualTo("2018-02-05T13:44:56.744+01:00");
        assertThat(events.get(0).logger()).isEqualTo("NETWORK");
        assertThat(events.get(0).thread()).isEqualTo("initandlisten");
        assertThat(events.get(1).logger()).isNull();
        assertThat(events.get(1).message()).isEqualTo("no component [x] here");
        assertThat(events.get(2).thread()).isEqualTo("conn 12");
        assertThat(events.get(2).message()).isEqualTo("plan [a] chosen");
    }

    @Test
    void java8GcLogsJoinTheirDetailLinesToTheirCollection() throws Exception {
        String log =
                "2018-06-11T02:00:11.097+0000: 1396558.467: [GC (Allocation Failure)"
                        + " 2018-06-11T02:00:11.097+0000: 1396558.467: [ParNew\n"
                        + "Desired survivor size 8716288 bytes, new threshold 6 (max 6)\n"
                        + "- age   1:    1142528 bytes,    1142528 total\n"
                        + ": 153138K->12252K(153344K), 0.0077785 secs] [Times: user=0.02 sys=0.00,"
                        + " real=0.01 secs]\n"
                        + "2018-06-11T02:00:12.000+0500: Total time for which application threads"
                        + " were stopped: 0.0083760 seconds";

        List<LogEvent> events = detectedAndRead("jvm-gc", log);

        assertThat(events).hasSize(2);
        assertThat(events.get(0).timestampText()).isEqualTo("2018-06-11T02:00:11.097Z");
        assertThat(events.get(0).extra()).containsEntry("uptime", "1396558.467");
        assertThat(events.get(0).message())
                .startsWith("[GC (Allocation Failure) 2018-06-11T02:00:11.097+0000")
                .contains("\n- age   1:")
                .endsWith("real=0.01 secs]");
        assertThat(events.get(1).timestampText()).isEqualTo("2018-06-11T02:00:12+05:00");
        assertThat(events.get(1).message()).startsWith("Total time for which");
    }

    @Test
    void unifiedJvmLogsHavePaddedLevelsAndTags() throws Exception {
        String log =
                "[2024-01-15T10:20:30.123+0000][0.012s][info   ][gc,init     ] Version: 17.0.2\n"
                        + "[2024-01-15T10:20:31.500+0000][1.389s][info   ][gc,start    ] GC(0)"
                        + " Pause Young (Normal) (G1 Evacuation Pause)\n"
                        + "[2024-01-15T10:20:31.520+0100][warning][gc          ] GC(0) To-space"
                        + " exhausted";

        List<LogEvent> events = detectedAndRead("jvm-gc", log);

        assertThat(events).extracting(LogEvent::level).containsExactly("info", "info", "warning");
        assertThat(events.get(0).extra())
                .containsExactly(entry("uptime", "0.012s"), entry("tags", "gc,init"));
        assertThat(events.get(1).message())
                .isEqualTo("GC(0) Pause Young (Normal) (G1 Evacuation Pause)");
        assertThat(events.get(2).timestampText()).isEqualTo("2024-01-15T10:20:31.52+01:00");
        assertThat(events.get(2).extra()).containsExactly(entry("tags", "gc"));
    }

    @Test
    void javaLinesStayJavasBesideSupervisord() throws Exception {
        String hadoop =
                "2015-10-18 18:01:47,978 INFO org.apache.hadoop.mapreduce.v2.app.MRAppMaster:"
                        + " Created MRAppMaster for application appattempt_1445144423722_0020\n"
                        + "2015-10-18 18:01:48,963 WARN org.apache.hadoop.util.NativeCodeLoader:"
                        + " Unable to load native-hadoop library for your platform";

        String springBoot =
                "2024-01-15 10:20:30.123  INFO 4242 --- [           main] c.e.shop.Application    "
                        + "                 : Started Application in 2.1 seconds";

        assertThat(detected(hadoop)).isEqualTo("hadoop");
        assertThat(detected(springBoot)).isEqualTo("spring-boot");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "bgl|- 1117838570 2005.06.03 R02-M1-N0 2005-06-03-15.42.50.675872 R02-M1-N0 RAS"
                        + " KERNEL LOUD instruction cache parity error",
                "bgl|- 2005.06.03 R02-M1-N0 2005-06-03-15.42.50.675872 R02-M1-N0 RAS KERNEL INFO x",
                "thunderbird|- 2005.11.09 dn228 Nov 9 12:01:01 dn228/dn228 crond[1]: x",
                "hpc|134681 node-246 unix.hw state_change 2004-02-26 1 Component State Change",
                "healthapp|201812-19:39:28:966|Step_StandStepDataManager|30002312|tryToReload",
                "proxifier|[2024.10.30 16:49:06] chrome.exe - proxy open",
                "supervisord|2024-01-15 10:20:30,123 NOTICE spawned: 'web' with pid 1234",
                "jvm-gc|[2024-01-15T10:20:30.123+0000][0.012s][loud][gc] Version: 17.0.2",
                "jvm-gc|[0.012s][info][gc] Using G1"
            })
    void linesOfOtherShapesAreMalformed(String formatAndLine) {
        int bar = formatAndLine.indexOf('|');
        List<ParseResult> results =
                read(formatAndLine.substring(0, bar), formatAndLine.substring(bar + 1));

        assertThat(results).singleElement().isInstanceOf(MalformedLine.class);
    }
}
