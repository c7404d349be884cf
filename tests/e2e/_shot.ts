import { chromium } from "playwright-core";

const [, , url = "http://127.0.0.1:4173/", out = "/tmp/shots/a.png", scheme = "light", locale = "fr"] =
  process.argv;
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const context = await browser.newContext({ viewport: { width: Number(process.env.W ?? 1280), height: 800 } });
await context.addInitScript(
  ([s, l]) => {
    localStorage.setItem("color-scheme", s!);
    localStorage.setItem("locale", l!);
  },
  [scheme, locale],
);
const page = await context.newPage();
page.on("console", (m) => console.log("console:", m.type(), m.text()));
page.on("pageerror", (e) => console.log("pageerror:", e.message));
await page.goto(url);
await page.waitForTimeout(800);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
