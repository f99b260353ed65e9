package dev.logslice.report;

import java.util.List;

/**
 * The colours of the HTML report in its light and dark themes, one CSS custom property each. Every
 * colour is checked against the page's backgrounds for WCAG 2.1 AA contrast (PaletteTest): 4.5:1
 * for what is read as text, 3:1 for bars and marks (non-text contrast, 1.4.11).
 */
enum Palette {
    BG("bg", "#ffffff", "#0d1117", Use.BACKGROUND),
    PANEL("panel", "#f6f8fa", "#161b22", Use.BACKGROUND),
    FG("fg", "#1f2328", "#e6edf3", Use.TEXT),
    MUTED("muted", "#59636e", "#9198a1", Use.TEXT),
    LINK("link", "#0969da", "#4493f8", Use.TEXT),
    GRID("grid", "#d1d9e0", "#3d444d", Use.DECORATION),
    /** Events in the timeline, and the share bars. */
    EVENTS("events", "#5f8fcf", "#2f6bb8", Use.MARK),
    /** Errors in the timeline, drawn over the events: they contrast with those too. */
    ERRORS("errors", "#6e0a1e", "#ffb3ab", Use.MARK),
    GOOD("good", "#1a7f37", "#3fb950", Use.TEXT),
    NOTE("note", "#0969da", "#4493f8", Use.TEXT),
    WARN("warn", "#9a6700", "#d29922", Use.TEXT),
    BAD("bad", "#cf222e", "#f85149", Use.TEXT),
    WORST("worst", "#82071e", "#ffa198", Use.TEXT),
    QUIET("quiet", "#59636e", "#9198a1", Use.TEXT);

    /** What a colour is for, which sets the contrast it needs against the backgrounds. */
    enum Use {
        BACKGROUND(0),
        /** Lines of the grid and borders: they only guide the eye. */
        DECORATION(0),
        MARK(3.0),
        TEXT(4.5);

        final double minimumContrast;

        Use(double minimumContrast) {
            this.minimumContrast = minimumContrast;
        }
    }

    final String property;
    final String light;
    final String dark;
    final Use use;

    Palette(String property, String light, String dark, Use use) {
        this.property = property;
        this.light = light;
        this.dark = dark;
        this.use = use;
    }

    /** The backgrounds every other colour is drawn on. */
    static final List<Palette> BACKGROUNDS = List.of(BG, PANEL);

    /** The colour of a tone, on the page as in the terminal. */
    static Palette of(Terminal.Tone tone) {
        return switch (tone) {
            case TITLE -> FG;
            case GOOD -> GOOD;
            case NOTE -> NOTE;
            case WARN -> WARN;
            case BAD -> BAD;
            case WORST -> WORST;
            case MUTED -> QUIET;
        };
    }

    /** The custom properties of both themes: light by default, dark when the reader prefers. */
    static String css() {
        StringBuilder light = new StringBuilder(":root{color-scheme:light dark;");
        StringBuilder dark = new StringBuilder("@media (prefers-color-scheme:dark){:root{");
        for (Palette colour : values()) {
            light.append("--").append(colour.property).append(':').append(colour.light).append(';');
            dark.append("--").append(colour.property).append(':').append(colour.dark).append(';');
        }
        return light.append('}').append(dark).append("}}").toString();
    }

    /** WCAG 2.1 relative luminance of {@code #rrggbb}. */
    static double luminance(String hex) {
        double r = channel(Integer.parseInt(hex.substring(1, 3), 16));
        double g = channel(Integer.parseInt(hex.substring(3, 5), 16));
        double b = channel(Integer.parseInt(hex.substring(5, 7), 16));
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    }

    private static double channel(int value) {
        double c = value / 255.0;
        return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }

    /** WCAG 2.1 contrast ratio of two colours, from 1 to 21. */
    static double contrast(String a, String b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }
}
