package dev.logslice.cli;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.FileTime;

/**
 * Finds the job jar ({@code logslice-jobs-VERSION-job.jar}) that {@code --cluster} ships to the
 * cluster: beside the jar this command runs from (the build's {@code jobs/target}), or the jar
 * itself when it is the job jar.
 */
final class JobJar {
    private static final String GLOB = "logslice-jobs-*-job.jar";

    private JobJar() {}

    static Path locate() {
        Path running = runningFrom();
        if (running.getFileSystem().getPathMatcher("glob:" + GLOB).matches(running.getFileName())) {
            return running;
        }
        // Running from the thin jar or from target/classes: their folder is the build's output.
        Path folder = running.getParent();
        Path newest = null;
        FileTime newestTime = null;
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(folder, GLOB)) {
            for (Path jar : jars) {
                FileTime time = Files.getLastModifiedTime(jar);
                if (newest == null || time.compareTo(newestTime) > 0) {
                    newest = jar;
                    newestTime = time;
                }
            }
        } catch (IOException e) {
            newest = null;
        }
        if (newest == null) {
            throw new IllegalArgumentException(
                    "--cluster needs the job jar "
                            + GLOB
                            + " in "
                            + folder
                            + ": build it with ./mvnw package");
        }
        return newest;
    }

    private static Path runningFrom() {
        try {
            return Paths.get(
                    JobJar.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot tell where logslice runs from", e);
        }
    }
}
