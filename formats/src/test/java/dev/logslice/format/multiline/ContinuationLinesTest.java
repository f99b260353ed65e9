package dev.logslice.format.multiline;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** Which lines continue the event before them. */
class ContinuationLinesTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "\tat com.example.App.run(App.java:12)",
                "    at com.example.App.run(App.java:12)",
                "\t... 42 more",
                "... 42 more",
                "Caused by: java.io.IOException: closed",
                "\tSuppressed: java.lang.IllegalStateException",
                "Suppressed: x.Y",
                "java.lang.IllegalStateException: boom",
                "org.springframework.beans.factory.BeanCreationException: Error creating bean",
                "com.example.FatalError",
                "Exception in thread \"JavaFX Application Thread\" java.lang.NullPointerException",
                "Traceback (most recent call last):",
                "ValueError: invalid literal for int() with base 10: 'x'",
                "  indented message text",
                "",
                "   ",
            })
    void stackTracesAndIndentedLinesContinue(String line) {
        assertThat(continues(ContinuationLines.STACK_TRACES, line)).isTrue();
        assertThat(continues(ContinuationLines.NONE, line)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "2024-05-10T01:34:33.608Z  INFO 1 --- [JavaFX Application Thread] a.B : x",
                "2015-10-18 broken head",
                "ExceptionHandler registered",
                "java.lang.IllegalStateException:boom",
                "... many more",
                "...42 more",
                "Caused by",
                "}",
                "plain text of a multi-line message",
            })
    void otherLinesDoNot(String line) {
        assertThat(continues(ContinuationLines.STACK_TRACES, line)).isFalse();
    }

    private static boolean continues(ContinuationLines rule, String line) {
        byte[] bytes = ("xy" + line + "z").getBytes(StandardCharsets.UTF_8);
        return rule.continues(bytes, 2, bytes.length - 3);
    }
}
