import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Builds the prerender entry for Node. Kept apart from vite.config.ts: with the Cloudflare
// plugin present an SSR build is written to the wrong place.
export default defineConfig({
  plugins: [react()],
  publicDir: false,
  build: {
    ssr: "site/entry-server.tsx",
    outDir: "dist/ssr",
    emptyOutDir: true,
    target: "node22",
  },
  ssr: {
    noExternal: ["react-router"],
  },
});
