package dev.logslice.generate;

/**
 * A Java service's log in Log4j 2's {@code %d{ISO8601} %-5p [%t] %c: %m%n}; some errors and
 * warnings carry a stack trace on the lines that follow.
 */
final class Log4jWriter implements LogEventWriter {
    private static final String[] LEVELS = {"INFO ", "DEBUG", "WARN ", "ERROR"};
    private static final WeightedIndex LEVEL_WEIGHTS = new WeightedIndex(72, 15, 10, 3);
    private static final String[] THREADS = {
        "main",
        "http-nio-8080-exec-",
        "pool-3-thread-",
        "scheduling-1",
        "kafka-producer-network-thread | producer-1",
        "QuorumPeer[myid=1](plain=[0:0:0:0:0:0:0:0]:2181)(secure=disabled)",
        "ForkJoinPool.commonPool-worker-"
    };
    private static final String[] LOGGERS = {
        "com.example.orders.OrderService",
        "com.example.payments.PaymentClient",
        "org.springframework.web.servlet.DispatcherServlet",
        "org.hibernate.SQL",
        "com.zaxxer.hikari.pool.HikariPool",
        "org.apache.kafka.clients.NetworkClient",
        "com.example.inventory.StockReconciler"
    };

    private final SeededRandom random;
    private final LogClock clock = new LogClock();

    Log4jWriter(SeededRandom random) {
        this.random = random;
    }

    @Override
    public void writeEvent(LineBuffer out) {
        clock.advance(random.nextInt(20));
        clock.writeLog4j(out);
        int level = LEVEL_WEIGHTS.pick(random);
        out.put(' ').ascii(LEVELS[level]).ascii(" [");
        String thread = THREADS[random.skewed(THREADS.length)];
        out.ascii(thread);
        if (thread.endsWith("-")) {
            out.decimal(random.between(1, 200));
        }
        out.ascii("] ").ascii(random.pick(LOGGERS)).ascii(": ");
        message(out, level);
        out.newline();
        if ((level == 3 && random.nextInt(5) < 3) || (level == 2 && random.oneIn(10))) {
            StackTraces.write(out, random);
        }
    }

    @Override
    public int maxEventBytes() {
        return 16 * 1024;
    }

    private void message(LineBuffer out, int level) {
        int n = random.between(1, 99_999);
        switch (level * 2 + random.nextInt(2)) {
            case 0 ->
                    out.ascii("Placed order ")
                            .decimal(n)
                            .ascii(" for customer ")
                            .decimal(random.nextInt(5000))
                            .ascii(" in ")
                            .decimal(random.nextInt(90))
                            .ascii(" ms");
            case 1 ->
                    out.ascii("GET /api/v1/orders/")
                            .decimal(n)
                            .ascii(" completed 200 in ")
                            .decimal(random.nextInt(300))
                            .ascii(" ms");
            case 2 -> out.ascii("select o.id, o.status from orders o where o.customer_id=?");
            case 3 -> out.ascii("Cache hit for key product:").decimal(n);
            case 4 ->
                    out.ascii("Slow query took ").decimal(random.between(1000, 9000)).ascii(" ms");
            case 5 ->
                    out.ascii("Retrying payment ")
                            .hex(random.nextLong(), 12)
                            .ascii(" (attempt ")
                            .decimal(random.between(1, 5))
                            .ascii("/5)");
            case 6 -> out.ascii("Failed to process order ").decimal(n);
            default -> out.ascii("Unexpected error handling request POST /api/v2/cart/items");
        }
    }
}
