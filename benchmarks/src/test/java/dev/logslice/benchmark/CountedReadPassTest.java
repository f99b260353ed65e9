package dev.logslice.benchmark;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The read-call count the buffer benchmark reports is one call per buffer plus the last. */
class CountedReadPassTest {
    @TempDir Path dir;

    @Test
    void makesOneReadPerBufferAndOneThatFindsTheEnd() throws Exception {
        Path file = dir.resolve("f");
        Files.write(file, new byte[10 * 4096 + 1]);
        for (boolean aligned : new boolean[] {true, false}) {
            CountedReadPass pass =
                    CountedReadPass.over(file, CountedReadPass.directBuffer(4096, aligned));
            assertThat(pass.bytes()).isEqualTo(10 * 4096 + 1);
            assertThat(pass.readCalls()).isEqualTo(10 + 1 + 1);
        }
    }

    @Test
    void alignedBuffersStartOnAPage() {
        assertThat(CountedReadPass.directBuffer(8192, true).alignmentOffset(0, 4096)).isZero();
        assertThat(CountedReadPass.directBuffer(8192, true).capacity()).isEqualTo(8192);
    }
}
