// Records which source modules each client chunk holds, outside the public output, so a test
// can prove that no public page loads admin code. The site and the admin are
// built separately (scripts/build.mjs); each build merges its chunks into the same file.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

const graphFile = (environment) => resolve(`dist/meta/${environment}-chunks.json`);

/** Starts fresh graphs; called once at the start of a full build. */
export function resetChunkGraph() {
  mkdirSync(resolve("dist/meta"), { recursive: true });
  for (const environment of ["client", "ssr"]) writeFileSync(graphFile(environment), "{}");
}

/**
 * The client's graph says which scripts a page's islands load; the server render's (`ssr`) which
 * stylesheets a page's own modules import, the ones the prerenderer inlines into it.
 * @returns {import("vite").Plugin}
 */
export function chunkGraph(environmentName = "client") {
  return {
    name: "gilded-needle:chunk-graph",
    applyToEnvironment: (environment) => environment.name === environmentName,
    generateBundle(_options, bundle) {
      const file = graphFile(environmentName);
      const chunks = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== "chunk") continue;
        chunks[fileName] = {
          modules: output.moduleIds.map((id) => id.replace(`${process.cwd()}/`, "")),
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          // The stylesheets Vite splits out of this chunk; the prerenderer inlines a page's own.
          css: [...(output.viteMetadata?.importedCss ?? [])],
          // What the site's own modules in it kept after tree-shaking: the only code that writes
          // class names (shared/ holds no DOM), read for each page's CSS (scripts/lib/page-css.mjs).
          siteCode: Object.entries(output.modules)
            .filter(([id]) => id.startsWith(`${process.cwd()}/site/`))
            .map(([, module]) => module.code ?? "")
            .join("\n"),
        };
      }
      mkdirSync(resolve("dist/meta"), { recursive: true });
      writeFileSync(file, JSON.stringify(chunks, null, 2));
    },
  };
}

/** A build's chunk graph as the plugin below wrote it ("client" or "ssr"). */
export const readChunkGraph = (environment) => JSON.parse(readFileSync(graphFile(environment), "utf8"));

/** The chunk that holds a source module (a path from the project's root). */
export const chunkOf = (graph, module) =>
  Object.keys(graph).find((file) => graph[file].modules.includes(module));

/** Every chunk reachable from `start` through static imports (and dynamic ones if asked), short of `stop`. */
export function reachable(graph, start, { dynamic = false, stop = [] } = {}) {
  const seen = new Set();
  const queue = [start];
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file) || stop.includes(file) || !graph[file]) continue;
    seen.add(file);
    queue.push(...graph[file].imports, ...(dynamic ? (graph[file].dynamicImports ?? []) : []));
  }
  return [...seen];
}
