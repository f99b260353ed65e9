package dev.logslice.job;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.rpc.RpcSystem;
import org.apache.flink.runtime.rpc.RpcSystemLoader;
import org.apache.flink.runtime.rpc.exceptions.RpcLoaderException;

import java.util.ServiceLoader;

/**
 * Loads Flink's Pekko RPC system straight from the class path, where the {@code flink-rpc-akka} jar
 * is a runtime dependency of this module (a plain Maven Central artifact).
 *
 * <p>Flink's own {@code PekkoRpcSystemLoader} copies that 24 MB jar out of {@code
 * flink-rpc-akka-loader} into the temporary folder on every start and loads it in a class loader of
 * its own: about half a second per run, and classes that a class data sharing archive cannot hold.
 * Isolating Pekko and Scala protects user code on a cluster; the command line has no such code.
 * Tried before Flink's loader; when Pekko is not on the class path (a cluster, a job jar), this
 * loader fails and Flink's takes over.
 */
public final class ClassPathRpcSystemLoader implements RpcSystemLoader {

    @Override
    public int getLoadPriority() {
        // Flink's loader has 0; lower goes first.
        return -1;
    }

    @Override
    public RpcSystem loadRpcSystem(Configuration config) {
        return ServiceLoader.load(RpcSystem.class, RpcSystem.class.getClassLoader())
                .findFirst()
                .orElseThrow(
                        () -> new RpcLoaderException("flink-rpc-akka is not on the class path"));
    }
}
