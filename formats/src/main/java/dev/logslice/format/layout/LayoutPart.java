package dev.logslice.format.layout;

import java.io.Serializable;

/** A piece of a {@link Layout}: a {@link Literal} or a {@link Capture}. */
public interface LayoutPart extends Serializable {}
