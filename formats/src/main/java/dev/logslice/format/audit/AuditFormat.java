package dev.logslice.format.audit;

import dev.logslice.format.LogFormat;
import dev.logslice.format.LogParser;
import dev.logslice.format.ParserContext;

/**
 * The Linux audit daemon's log ({@code /var/log/audit/audit.log}): {@code type=SYSCALL
 * msg=audit(1705314030.123:24287): arch=c000003e syscall=2 ... pid=3538 comm="cat"}, raw or
 * enriched; see {@link AuditParser}.
 */
public final class AuditFormat implements LogFormat {
    private static final long serialVersionUID = 1L;

    @Override
    public String name() {
        return "audit";
    }

    @Override
    public LogParser newParser(ParserContext context) {
        return new AuditParser();
    }
}
