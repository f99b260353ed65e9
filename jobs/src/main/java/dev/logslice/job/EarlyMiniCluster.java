package dev.logslice.job;

import org.apache.flink.client.deployment.executors.LocalExecutor;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.core.execution.PipelineExecutor;
import org.apache.flink.core.execution.PipelineExecutorFactory;
import org.apache.flink.core.execution.PipelineExecutorServiceLoader;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.runtime.minicluster.RpcServiceSharing;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.ExceptionUtils;
import org.apache.flink.util.MathUtils;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

/**
 * A MiniCluster that starts on a thread of its own as soon as the environment is made, so that its
 * start (actor systems, blob server, TaskManager: a few hundred milliseconds) overlaps building the
 * job (reading the options, listing files, planning a query) instead of following it.
 *
 * <p>The environment's first job runs on it through Flink's own local executor, which then shuts it
 * down as it does the MiniCluster it makes per job; a later job, or one needing more slots, gets a
 * MiniCluster of its own as before. {@link #closeIfUnused} stops it when no job came.
 */
final class EarlyMiniCluster extends MiniCluster {
    private final int parallelism;
    private final int slots;
    private final int taskManagers;
    private final CompletableFuture<Void> started = new CompletableFuture<>();
    private final AtomicBoolean claimed = new AtomicBoolean();

    private EarlyMiniCluster(
            MiniClusterConfiguration configuration, int parallelism, int slots, int taskManagers) {
        super(configuration);
        this.parallelism = parallelism;
        this.slots = slots;
        this.taskManagers = taskManagers;
    }

    /**
     * Starts a MiniCluster with {@code conf} (as an embedded environment's) and the slots a job of
     * {@code parallelism} asks for.
     */
    static EarlyMiniCluster start(Configuration conf, int parallelism) {
        Configuration local = local(conf);
        // As Flink's per-job MiniCluster: one TaskManager unless told, slots for the parallelism.
        int taskManagers = local.get(TaskManagerOptions.MINI_CLUSTER_NUM_TASK_MANAGERS);
        int slots =
                local.getOptional(TaskManagerOptions.NUM_TASK_SLOTS)
                        .orElse(MathUtils.divideRoundUp(parallelism, taskManagers));
        EarlyMiniCluster cluster =
                new EarlyMiniCluster(
                        new MiniClusterConfiguration.Builder()
                                .setConfiguration(local)
                                .setNumTaskManagers(taskManagers)
                                .setNumSlotsPerTaskManager(slots)
                                .setRpcServiceSharing(RpcServiceSharing.SHARED)
                                .build(),
                        parallelism,
                        slots,
                        taskManagers);
        Thread starter = new Thread(cluster::startNow, "logslice-minicluster-start");
        starter.setDaemon(true);
        starter.start();
        return cluster;
    }

    /** The parallelism it was started for. */
    int parallelism() {
        return parallelism;
    }

    /**
     * An environment with {@code conf} (the cluster's and a job's own settings) whose first job
     * runs on this MiniCluster.
     */
    StreamExecutionEnvironment environment(Configuration conf) {
        return new StreamExecutionEnvironment(executors(), local(conf), null);
    }

    private static Configuration local(Configuration conf) {
        Configuration local = new Configuration(conf);
        local.set(DeploymentOptions.TARGET, "local");
        local.set(DeploymentOptions.ATTACHED, true);
        return local;
    }

    /** Flink's local executor, handed this MiniCluster for the first job that fits it. */
    private PipelineExecutorServiceLoader executors() {
        PipelineExecutorFactory factory =
                new PipelineExecutorFactory() {
                    @Override
                    public String getName() {
                        return "local";
                    }

                    @Override
                    public boolean isCompatibleWith(Configuration configuration) {
                        return true;
                    }

                    @Override
                    public PipelineExecutor getExecutor(Configuration configuration) {
                        return LocalExecutor.createWithFactory(configuration, this::clusterFor);
                    }

                    private MiniCluster clusterFor(MiniClusterConfiguration wanted) {
                        boolean fits =
                                wanted.getNumTaskManagers() == taskManagers
                                        && wanted.getConfiguration()
                                                        .get(TaskManagerOptions.NUM_TASK_SLOTS)
                                                <= slots;
                        return fits && claimed.compareAndSet(false, true)
                                ? EarlyMiniCluster.this
                                : new MiniCluster(wanted);
                    }
                };
        return new PipelineExecutorServiceLoader() {
            @Override
            public PipelineExecutorFactory getExecutorFactory(Configuration configuration) {
                return factory;
            }

            @Override
            public Stream<String> getExecutorNames() {
                return Stream.of(factory.getName());
            }
        };
    }

    private void startNow() {
        try {
            super.start();
            started.complete(null);
        } catch (Throwable e) {
            started.completeExceptionally(e);
        }
    }

    /** Called by the local executor before it submits: waits for the start begun early. */
    @Override
    public void start() throws Exception {
        try {
            started.get();
        } catch (ExecutionException e) {
            ExceptionUtils.rethrowException(e.getCause());
        }
    }

    /**
     * Stops the MiniCluster if no job ran on it (the command failed, or ran its job elsewhere);
     * completes when it is stopped.
     */
    CompletableFuture<Void> closeIfUnused() {
        if (!claimed.compareAndSet(false, true)) {
            return CompletableFuture.completedFuture(null);
        }
        // Its ResourceManager takes leadership after start returns, and a close during that
        // deadlocks Flink's shutdown (seen on Java 25): it is closed once the manager answers.
        return started.thenCompose(ignored -> getResourceOverview())
                .handle((ignored, failure) -> null)
                .thenCompose(ignored -> closeAsync());
    }
}
