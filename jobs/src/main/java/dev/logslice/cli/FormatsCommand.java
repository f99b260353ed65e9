package dev.logslice.cli;

import dev.logslice.format.registry.FormatDefinition;
import dev.logslice.format.registry.FormatRegistry;

import picocli.CommandLine.Command;

import java.util.concurrent.Callable;

/** {@code logslice formats}: the formats {@code --format} takes, each with an example line. */
@Command(
        name = "formats",
        mixinStandardHelpOptions = true,
        description = "List the log formats, each with a description and an example line.")
final class FormatsCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        for (FormatDefinition format : FormatRegistry.standard().definitions()) {
            System.out.printf("%-14s %s%n", format.name(), format.description());
            format.examplePattern()
                    .ifPresent(pattern -> System.out.printf("%-14s --pattern '%s'%n", "", pattern));
            System.out.printf("%-14s %s%n%n", "", format.example());
        }
        System.out.println("auto           detect the format of each file from its first lines");
        return 0;
    }
}
