package dev.logslice.connector.enumerator;

import dev.logslice.connector.io.FileIdentity;
import dev.logslice.connector.io.Fingerprint;

import org.apache.flink.annotation.Internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the enumerator of a followed source checkpoints besides its pending splits: whether it
 * listed before (files found from then on are read from their start), the last split id it gave,
 * the files it handed out, and the fingerprints of files followed, of those whose inodes went to
 * new files too (see {@link FollowedFiles}).
 */
@Internal
public record FollowState(
        boolean listedBefore,
        int lastSplitId,
        List<FollowedFiles.Tracked> tracked,
        Map<FileIdentity, Fingerprint> fingerprints,
        List<Fingerprint> retired) {
    public FollowState {
        tracked = List.copyOf(tracked);
        retired = List.copyOf(retired);
        fingerprints = new LinkedHashMap<>(fingerprints);
    }
}
