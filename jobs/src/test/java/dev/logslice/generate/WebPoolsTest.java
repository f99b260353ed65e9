package dev.logslice.generate;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** A site's pools hold as many distinct clients and paths as its cardinality says. */
class WebPoolsTest {
    @Property(tries = 20)
    void poolsHoldExactlyTheDistinctClientsAndPathsAskedFor(
            @ForAll long seed,
            @ForAll @IntRange(min = 1, max = 30_000) int clients,
            @ForAll @IntRange(min = 1, max = 60_000) int paths) {
        WebPools pools = new WebPools(new SeededRandom(seed), new WebCardinality(clients, paths));

        assertThat(distinct(pools.clients, false)).isEqualTo(clients);
        // Top paths cut query strings: paths must differ before them. Past the default pool's
        // size, every path is new; that pool keeps the few repeats it always had.
        int defaults = Math.min(paths, WebCardinality.DEFAULT_PATHS);
        int repeatsInDefaults = defaults - distinct(Arrays.copyOf(pools.paths, defaults), true);
        assertThat(distinct(pools.paths, true)).isEqualTo(paths - repeatsInDefaults);
    }

    private static int distinct(byte[][] values, boolean cutQuery) {
        Set<String> seen = new HashSet<>();
        Arrays.stream(values)
                .map(v -> new String(v, StandardCharsets.UTF_8))
                .map(v -> cutQuery && v.indexOf('?') >= 0 ? v.substring(0, v.indexOf('?')) : v)
                .forEach(seen::add);
        return seen.size();
    }
}
