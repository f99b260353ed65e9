package dev.logslice.report;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The HTML report's colours meet WCAG 2.1 AA contrast in both themes. */
class PaletteTest {
    @Test
    void contrastIsComputedAsWcagDefinesIt() {
        assertThat(Palette.contrast("#000000", "#ffffff")).isCloseTo(21, within(1e-9));
        assertThat(Palette.contrast("#ffffff", "#ffffff")).isCloseTo(1, within(1e-9));
        // Reference values from the WCAG formula: #777777 on white is the classic 4.48.
        assertThat(Palette.contrast("#777777", "#ffffff")).isCloseTo(4.48, within(0.01));
        assertThat(Palette.contrast("#0000ff", "#ffffff")).isCloseTo(8.59, within(0.01));
    }

    @Test
    void everyColourContrastsWithEveryBackgroundInBothThemes() {
        for (Palette colour : Palette.values()) {
            for (Palette background : Palette.BACKGROUNDS) {
                assertThat(Palette.contrast(colour.light, background.light))
                        .as("light %s on %s", colour, background)
                        .isGreaterThanOrEqualTo(colour.use.minimumContrast);
                assertThat(Palette.contrast(colour.dark, background.dark))
                        .as("dark %s on %s", colour, background)
                        .isGreaterThanOrEqualTo(colour.use.minimumContrast);
            }
        }
    }

    @Test
    void errorsStandOutFromTheEventsTheyAreDrawnOver() {
        assertThat(Palette.contrast(Palette.ERRORS.light, Palette.EVENTS.light))
                .isGreaterThanOrEqualTo(3);
        assertThat(Palette.contrast(Palette.ERRORS.dark, Palette.EVENTS.dark))
                .isGreaterThanOrEqualTo(3);
    }

    @Test
    void errorTonesDoNotLookLikeInfo() {
        for (Terminal.Tone bad : new Terminal.Tone[] {Terminal.Tone.BAD, Terminal.Tone.WORST}) {
            assertThat(Palette.of(bad)).isNotEqualTo(Palette.of(RankedTable.levelTone("INFO")));
        }
        assertThat(RankedTable.levelTone("ERROR")).isEqualTo(Terminal.Tone.BAD);
        assertThat(RankedTable.levelTone("FATAL")).isEqualTo(Terminal.Tone.WORST);
        assertThat(RankedTable.levelTone("WARN")).isEqualTo(Terminal.Tone.WARN);
        assertThat(RankedTable.levelTone("INFO")).isEqualTo(Terminal.Tone.NOTE);
        assertThat(RankedTable.levelTone("DEBUG")).isEqualTo(Terminal.Tone.MUTED);
    }

    @Test
    void theStyleSheetDefinesBothThemes() {
        String css = Palette.css();
        assertThat(css).contains("--errors:" + Palette.ERRORS.light);
        assertThat(css)
                .contains("@media (prefers-color-scheme:dark){:root{")
                .contains("--errors:" + Palette.ERRORS.dark);
    }
}
