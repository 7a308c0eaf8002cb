/** Resolves after `ms` milliseconds; a timer rather than a frame so it also advances in background tabs. */
export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
