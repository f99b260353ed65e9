package dev.logslice.generate;

/**
 * Java stack traces as {@code Throwable.printStackTrace} writes them: a header, {@code \tat}
 * frames, sometimes a {@code Caused by:} with its own frames and {@code \t... N more}.
 */
final class StackTraces {
    private static final String[] EXCEPTIONS = {
        "java.lang.IllegalStateException: Order is already shipped",
        "org.springframework.dao.DataAccessResourceFailureException: Unable to acquire JDBC"
                + " Connection",
        "java.util.concurrent.TimeoutException: Payment service did not answer within 5000 ms",
        "java.lang.NullPointerException: Cannot invoke \"com.example.orders.Order.getCustomer()\""
                + " because \"order\" is null"
    };
    private static final String[] CAUSES = {
        "java.net.SocketTimeoutException: Read timed out",
        "java.sql.SQLTransientConnectionException: HikariPool-1 - Connection is not available,"
                + " request timed out after 30000ms.",
        "java.net.ConnectException: Connection refused"
    };
    private static final String[] FRAMES = {
        "com.example.orders.OrderService.place(OrderService.java:",
        "com.example.orders.OrderController.create(OrderController.java:",
        "com.example.payments.PaymentClient.charge(PaymentClient.java:",
        "com.zaxxer.hikari.pool.HikariPool.getConnection(HikariPool.java:",
        "org.springframework.transaction.support.TransactionTemplate.execute(TransactionTemplate"
                + ".java:",
        "org.springframework.web.servlet.FrameworkServlet.service(FrameworkServlet.java:",
        "jakarta.servlet.http.HttpServlet.service(HttpServlet.java:",
        "org.apache.catalina.core.ApplicationFilterChain.doFilter(ApplicationFilterChain.java:",
        "org.apache.tomcat.util.net.NioEndpoint$SocketProcessor.doRun(NioEndpoint.java:",
        "java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:",
        "java.base/java.lang.Thread.run(Thread.java:"
    };

    private StackTraces() {}

    /** Appends a whole trace, each line ending with LF. */
    static void write(LineBuffer out, SeededRandom random) {
        out.ascii(random.pick(EXCEPTIONS)).newline();
        int frames = random.between(4, FRAMES.length);
        writeFrames(out, random, frames);
        if (random.nextInt(5) < 2) {
            out.ascii("Caused by: ").ascii(random.pick(CAUSES)).newline();
            writeFrames(out, random, random.between(1, 3));
            out.ascii("\t... ").decimal(frames - 1).ascii(" more").newline();
        }
    }

    /** Frames from deep in the application up to {@code Thread.run}. */
    private static void writeFrames(LineBuffer out, SeededRandom random, int count) {
        for (int i = FRAMES.length - count; i < FRAMES.length; i++) {
            out.ascii("\tat ").ascii(FRAMES[i]).decimal(random.between(40, 900)).put(')');
            out.newline();
        }
    }
}
