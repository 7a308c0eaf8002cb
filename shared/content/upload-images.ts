/**
 * The widths the worker makes of every photo the artist uploads (AVIF and WebP each), and where
 * the public site asks for them: /media/<key>/<width>.<format>.
 */
export const uploadWidths = [400, 800, 1200] as const;
