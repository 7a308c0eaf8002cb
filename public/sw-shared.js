// What both service workers do alike (sw.js for the pages, admin-sw.js for the admin), loaded by
// each with importScripts so that it is written once.

/** The address of a GET to this origin: the only requests either worker answers; null for any other. */
// biome-ignore lint/correctness/noUnusedVariables: called by the workers that import this file
function ownGet(request) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  return url.origin === self.location.origin ? url : null;
}

/** On activation: deletes the caches `isOld` picks (a past version's), then takes over the open tabs. */
// biome-ignore lint/correctness/noUnusedVariables: called by the workers that import this file
function dropCachesAndClaim(isOld) {
  return caches
    .keys()
    .then((keys) => Promise.all(keys.filter(isOld).map((key) => caches.delete(key))))
    .then(() => self.clients.claim());
}
