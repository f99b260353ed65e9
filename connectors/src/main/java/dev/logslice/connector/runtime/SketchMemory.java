package dev.logslice.connector.runtime;

/**
 * Lets DataSketches write and read its sketches on every Java from 17 on. datasketches-memory
 * 3.0.2, the last release for code that runs on Java 17, refuses any Java but 8, 11, 17 and 21 when
 * its first class loads ("Unsupported JDK Major Version"): that check reads {@code java.version}
 * once, and the heap access the sketches use works on the later Javas as well ({@code
 * NewerJavaITCase} runs stats and sql on the newest Java installed). So on another Java the
 * checking class is loaded while {@code java.version} names 21, and the property is restored at
 * once.
 *
 * <p>Every class that writes or reads a sketch calls {@link #load} in its static initializer: the
 * reader's task threads of a cluster run none of the command line's code first.
 */
public final class SketchMemory {
    private static final String CHECKING_CLASS =
            "org.apache.datasketches.memory.internal.ResourceImpl";
    private static final String ACCEPTED_VERSION = "21";

    private static boolean loaded;

    private SketchMemory() {}

    /** Loads DataSketches' memory classes on this Java; does nothing after the first call. */
    public static synchronized void load() {
        if (loaded) {
            return;
        }
        loaded = true;
        int feature = Runtime.version().feature();
        if (feature == 17 || feature == 21) {
            return;
        }
        String version = System.getProperty("java.version");
        System.setProperty("java.version", ACCEPTED_VERSION);
        try {
            Class.forName(CHECKING_CLASS, true, SketchMemory.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("datasketches-memory is not on the class path", e);
        } finally {
            System.setProperty("java.version", version);
        }
    }
}
