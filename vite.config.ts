import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/**
 * Records which source modules each client chunk holds, outside the public output, so a test
 * can prove that no public page loads admin code (issue 2, item 10).
 */
function chunkGraph(): Plugin {
  return {
    name: "gilded-needle:chunk-graph",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      const chunks: Record<string, { modules: string[]; imports: string[]; dynamicImports: string[] }> = {};
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== "chunk") continue;
        chunks[fileName] = {
          modules: output.moduleIds.map((id) => id.replace(`${process.cwd()}/`, "")),
          imports: output.imports,
          dynamicImports: output.dynamicImports,
        };
      }
      mkdirSync(resolve("dist/meta"), { recursive: true });
      writeFileSync(resolve("dist/meta/client-chunks.json"), JSON.stringify(chunks, null, 2));
    },
  };
}

export default defineConfig({
  plugins: [react(), cloudflare(), chunkGraph()],
  environments: {
    client: {
      build: {
        rollupOptions: {
          input: {
            site: resolve("index.html"),
            admin: resolve("admin/index.html"),
          },
        },
      },
    },
  },
});
