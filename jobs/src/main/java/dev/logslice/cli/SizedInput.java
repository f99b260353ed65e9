package dev.logslice.cli;

import java.util.List;

/**
 * A job command that names, before its job, the paths it reads: its default parallelism is then
 * fitted to their size ({@link ReadOptions#fitToInput}) before the embedded cluster starts.
 */
interface SizedInput {
    /** The paths read in one pass; empty when their size says nothing of the work (following). */
    List<String> inputPaths();
}
