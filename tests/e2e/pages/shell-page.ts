import type { Locator, Page } from "playwright-core";

export type Locale = "fr" | "en";
export type ThemeChoice = "light" | "dark" | "system";

/** Page object for what every layout shares: language and theme switches, layouts, headings. */
export class ShellPage {
  readonly page: Page;
  readonly baseUrl: string;

  constructor(page: Page, baseUrl: string) {
    this.page = page;
    this.baseUrl = baseUrl;
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(new URL(path, this.baseUrl).toString());
    await this.page.locator("[data-layout]").first().waitFor();
  }

  async reload(): Promise<void> {
    await this.page.reload();
    await this.page.locator("[data-layout]").first().waitFor();
  }

  pathname(): string {
    return new URL(this.page.url()).pathname;
  }

  /** "home", "homePage", "default" or "404". */
  layout(): Promise<string | null> {
    return this.page.locator("[data-layout]").first().getAttribute("data-layout");
  }

  async waitForLayout(name: string): Promise<void> {
    await this.page.locator(`[data-layout="${name}"]`).waitFor();
  }

  get mainHeading(): Locator {
    return this.page.getByRole("heading", { level: 1 }).first();
  }

  get notFound(): Locator {
    return this.page.getByTestId("not-found");
  }

  async switchLanguage(locale: Locale): Promise<void> {
    await this.page
      .getByTestId("language-switch")
      .first()
      .locator("label")
      .filter({ has: this.page.locator(`[lang="${locale}"]`) })
      .click();
    await this.page.waitForFunction((expected) => document.documentElement.lang === expected, locale);
  }

  async switchTheme(choice: ThemeChoice): Promise<void> {
    await this.page
      .getByTestId("theme-switch")
      .first()
      .locator("label")
      .filter({ has: this.page.locator(`[data-theme-option="${choice}"]`) })
      .click();
  }

  htmlLang(): Promise<string | null> {
    return this.page.locator("html").getAttribute("lang");
  }

  colorScheme(): Promise<string | null> {
    return this.page.locator("html").getAttribute("data-mantine-color-scheme");
  }

  stored(key: string): Promise<string | null> {
    return this.page.evaluate((name) => window.localStorage.getItem(name), key);
  }

  async screenshot(path: string): Promise<void> {
    await this.page.evaluate(() => document.fonts.ready);
    await this.page.screenshot({ path, fullPage: false, animations: "disabled", caret: "hide" });
  }
}
