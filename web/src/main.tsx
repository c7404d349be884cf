import "@mantine/core/styles.css";
import "./app/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { initI18n } from "./i18n/i18n.ts";
import { registerServiceWorker } from "./lib/service-worker.ts";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element in index.html");

// French is in the first load: this resolves at once unless English is saved (its chunk is fetched).
void initI18n().then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

if (import.meta.env.PROD) registerServiceWorker();
