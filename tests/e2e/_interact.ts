import { chromium } from "playwright-core";

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
page.on("pageerror", (e) => console.log("pageerror:", e.message));
page.on("console", (m) => {
  if (m.type() !== "log") console.log("console:", m.type(), m.text());
});
await page.goto("http://127.0.0.1:4173/");
await page.getByTestId("org-create-submit").click();
await page.waitForTimeout(300);
await page.screenshot({
  path: "/tmp/shots/validation.png",
  clip: { x: 840, y: 160, width: 440, height: 740 },
});
await page.getByTestId("org-name-input").fill("Société Test");
await page.getByTestId("org-siren-input").fill("732 829 321");
await page.getByTestId("org-create-submit").click();
await page.getByTestId("org-form-error").waitFor();
await page.screenshot({
  path: "/tmp/shots/server-error.png",
  clip: { x: 840, y: 160, width: 440, height: 740 },
});
await page.goto("http://127.0.0.1:4173/registre/orgs/" + process.argv[2]);
await page.getByTestId("org-edit-button").click();
await page.waitForTimeout(300);
await page.screenshot({ path: "/tmp/shots/edit.png" });
await page.goto("http://127.0.0.1:4173/registre/orgs/nope");
await page.waitForTimeout(500);
await page.screenshot({ path: "/tmp/shots/notfound.png" });
await page.goto("http://127.0.0.1:4173/whatever/else");
await page.waitForTimeout(500);
await page.screenshot({ path: "/tmp/shots/404.png" });
await browser.close();
