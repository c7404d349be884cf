import type { Locator, Page } from "playwright-core";
import { settled } from "../support.ts";

export type Locale = "fr" | "en";

/** Page object for the platform administration screens of users and organisations. */
export class PlatformPages {
  readonly page: Page;
  readonly baseUrl: string;

  constructor(page: Page, baseUrl: string) {
    this.page = page;
    this.baseUrl = baseUrl;
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(new URL(path, this.baseUrl).toString());
    await this.mainHeading.waitFor();
  }

  get mainHeading(): Locator {
    return this.page.getByRole("heading", { level: 1 });
  }

  get search(): Locator {
    return this.page.getByTestId("users-search");
  }

  get usersTable(): Locator {
    return this.page.getByTestId("users-table");
  }

  get usersCount(): Locator {
    return this.page.getByTestId("users-count");
  }

  userRow(text: string): Locator {
    return this.page.getByTestId("user-row").filter({ hasText: text });
  }

  /** Types a search and waits for the list to show only rows matching it. */
  async searchUsers(text: string): Promise<void> {
    await this.search.fill(text);
    await this.page.waitForURL((url) => url.searchParams.get("q") === text);
    await this.userRow(text).first().waitFor();
  }

  get userTitle(): Locator {
    return this.page.getByTestId("user-title");
  }

  get userIdentity(): Locator {
    return this.page.getByTestId("user-identity");
  }

  get userOrgRows(): Locator {
    return this.page.getByTestId("user-org-row");
  }

  get orgTitle(): Locator {
    return this.page.getByTestId("org-title");
  }

  get memberRows(): Locator {
    return this.page.getByTestId("org-member-row");
  }

  get logEntries(): Locator {
    return this.page.getByTestId("log-entry");
  }

  /** Asks for older events until the log's first one is shown. */
  async loadWholeLog(): Promise<void> {
    const more = this.page.getByTestId("log-more");
    await this.logEntries.first().waitFor();
    for (;;) {
      await settled(this.page);
      if ((await more.count()) === 0) return;
      const shown = await this.logEntries.count();
      await more.click();
      await this.page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid="log-entry"]').length > n,
        shown,
      );
    }
  }

  tab(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  async switchLanguage(locale: Locale): Promise<void> {
    await this.page
      .getByTestId("language-switch")
      .locator("label")
      .filter({ has: this.page.locator(`[lang="${locale}"]`) })
      .click();
    await this.page.waitForFunction((expected) => document.documentElement.lang === expected, locale);
  }

  async screenshot(path: string): Promise<void> {
    await this.page.screenshot({ path, fullPage: false, animations: "disabled", caret: "hide" });
  }
}
