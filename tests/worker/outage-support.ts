// Bindings as they behave in an outage, for tests of what visitors see when a part of the
// platform fails.

/** A database that is gone: every statement fails as D1 fails in an outage. */
export const d1Down = new Proxy({} as D1Database, {
  get() {
    return () => {
      throw new Error("D1_ERROR: Network connection lost.");
    };
  },
});

/** A KV namespace that is gone: every read and write fails. */
export const kvDown = new Proxy({} as KVNamespace, {
  get() {
    return () => Promise.reject(new Error("KV GET failed: 503 Service Unavailable"));
  },
});
