/**
 * Log formats: byte-level parsers that turn lines into {@link dev.logslice.format.LogEvent}s.
 *
 * <p>How a caller (the CLI, a job) uses them:
 *
 * <pre>{@code
 * FormatRegistry registry = FormatRegistry.standard();
 * LogFormat format = registry.create("combined", FormatOptions.none());   // --format NAME
 * // or: new FormatDetector(registry).detect(path, zone).format()         // --format auto
 * LogParser parser = format.newParser(ParserContext.forFile(path, zone)); // one per file/thread
 * MalformedLines malformed = new MalformedLines(10, strict);
 * try (LogEventJsonWriter out = new LogEventJsonWriter(stream, fields)) {
 *     EventAssembler events = new EventAssembler(format, parser, result -> {
 *         malformed.count(result);   // throws MalformedLineException in strict mode
 *         out.write(result);         // JSON line: event or {"malformed": true, ...}
 *     });
 *     for each line of the file: events.accept(bytes, start, length, file, offset);
 *     events.finish();
 * }
 * }</pre>
 *
 * <p>In a Flink job, formats plug into the source as {@link
 * dev.logslice.format.source.LogEventDecoder}; for multi-line formats it tells the source which
 * lines start an event, and the source keeps each event in the split where it starts.
 */
package dev.logslice.format;
