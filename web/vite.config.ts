import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: "dist",
    // dist/.vite/manifest.json: web/scripts/bundle-size.ts reads which chunks the first load needs.
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Vendor code changes far less often than the app: separate chunks stay cached across releases.
        // Mantine and its dependencies are left out of the groups: a group is one chunk, loaded whole by
        // the first page, while ungrouped they split by use, each lazy route bringing the components
        // only it needs (web/scripts/bundle-size.ts measures the first load).
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 3,
            },
            {
              name: "vendor",
              test: /node_modules[\\/](@tanstack|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store|@babel[\\/]runtime)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": "http://localhost:3000",
    },
  },
});
