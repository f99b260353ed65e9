package dev.logslice.format.registry;

import dev.logslice.format.detect.FormatDetection;
import dev.logslice.format.detect.FormatDetector;
import dev.logslice.format.testing.Parsing;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code --format auto} tells every detectable format from all the others by its example. */
class EveryFormatIsDetectedTest {
    private final FormatRegistry registry = FormatRegistry.standard();

    @Test
    void eachExampleIsDetectedAsItsOwnFormat() throws Exception {
        List<String> wrong = new ArrayList<>();
        FormatDetector detector = new FormatDetector(registry);
        for (FormatDefinition definition : registry.definitions()) {
            if (!definition.isDetectable()) {
                continue;
            }
            String detected;
            try {
                FormatDetection detection =
                        detector.detect(
                                definition.name(), Examples.file(definition, 20), Parsing.CONTEXT);
                detected = detection.definition().name();
            } catch (Exception e) {
                detected = e.getMessage();
            }
            if (!detected.equals(definition.name())) {
                wrong.add(definition.name() + " -> " + detected);
            }
        }
        assertThat(wrong).isEmpty();
    }
}
