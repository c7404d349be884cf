// Before the first paint: the saved theme ("light", "dark", "" = system) and language. A file, not
// an inline script: the Content-Security-Policy runs scripts from Registre's files only
// (api/src/http/security-headers.ts). Loaded without defer from index.html's head, so it still runs
// before the body is painted.
(() => {
  try {
    const theme = localStorage.getItem("theme");
    const dark = matchMedia("(prefers-color-scheme: dark)").matches;
    const scheme = theme === "light" || theme === "dark" ? theme : dark ? "dark" : "light";
    document.documentElement.setAttribute("data-mantine-color-scheme", scheme);
    const locale = localStorage.getItem("locale");
    if (locale === "fr" || locale === "en") document.documentElement.lang = locale;
  } catch {}
})();
