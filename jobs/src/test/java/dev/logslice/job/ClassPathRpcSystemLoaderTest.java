package dev.logslice.job;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.runtime.rpc.RpcService;
import org.apache.flink.runtime.rpc.RpcSystem;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class ClassPathRpcSystemLoaderTest {

    @Test
    void flinkLoadsPekkoFromTheClassPathWithoutCopyingIt(@TempDir Path tmp) throws Exception {
        Configuration conf = new Configuration();
        conf.set(CoreOptions.TMP_DIRS, tmp.toString());

        try (RpcSystem rpcSystem = RpcSystem.load(conf)) {
            assertThat(rpcSystem.getClass().getName())
                    .isEqualTo("org.apache.flink.runtime.rpc.pekko.PekkoRpcSystem");
            assertThat(rpcSystem.getClass().getClassLoader())
                    .isSameAs(RpcSystem.class.getClassLoader());
            RpcService service = rpcSystem.localServiceBuilder(conf).createAndStart();
            service.closeAsync().get();
        }
        // Flink's own loader would have left a flink-rpc-akka<uuid>.jar here while running.
        try (Stream<Path> files = Files.list(tmp)) {
            assertThat(files).isEmpty();
        }
    }
}
