import type { Locator, Page } from "playwright-core";

export type Locale = "fr" | "en";

/** Page object for the platform organisations list (`/registre/orgs`) and its creation form. */
export class OrgsPage {
  readonly page: Page;
  readonly baseUrl: string;

  constructor(page: Page, baseUrl: string) {
    this.page = page;
    this.baseUrl = baseUrl;
  }

  async goto(path = "/registre/orgs"): Promise<void> {
    await this.page.goto(new URL(path, this.baseUrl).toString());
    await this.mainHeading.waitFor();
  }

  async reload(): Promise<void> {
    await this.page.reload();
    await this.mainHeading.waitFor();
  }

  get mainHeading(): Locator {
    return this.page.getByRole("heading", { level: 1 });
  }

  get createFormTitle(): Locator {
    return this.page.locator("#org-create-title");
  }

  get table(): Locator {
    return this.page.getByTestId("orgs-table");
  }

  /** The table row of the organisation with that name. */
  row(name: string): Locator {
    return this.page.getByTestId("org-row").filter({ hasText: name });
  }

  get formError(): Locator {
    return this.page.getByTestId("org-form-error");
  }

  get formSuccess(): Locator {
    return this.page.getByTestId("org-form-success");
  }

  async waitForRow(name: string): Promise<Locator> {
    const row = this.row(name);
    await row.waitFor({ state: "visible" });
    return row;
  }

  async createOrg(input: { name: string; siren: string }): Promise<void> {
    await this.page.getByTestId("org-name-input").fill(input.name);
    await this.page.getByTestId("org-siren-input").fill(input.siren);
    await this.page.getByTestId("org-create-submit").click();
  }

  async switchLanguage(locale: Locale): Promise<void> {
    // Each option of the segmented control carries its language in a `lang` attribute.
    await this.page
      .getByTestId("language-switch")
      .locator("label")
      .filter({ has: this.page.locator(`[lang="${locale}"]`) })
      .click();
    await this.page.waitForFunction((expected) => document.documentElement.lang === expected, locale);
  }

  htmlLang(): Promise<string | null> {
    return this.page.locator("html").getAttribute("lang");
  }

  storedLocale(): Promise<string | null> {
    return this.page.evaluate(() => window.localStorage.getItem("locale"));
  }

  /** Opens the detail page of an organisation by its row. */
  async openOrg(name: string): Promise<OrgDetailPage> {
    await this.row(name).getByRole("link", { name }).click();
    const detail = new OrgDetailPage(this.page);
    await detail.title.filter({ hasText: name }).waitFor();
    return detail;
  }

  async screenshot(path: string): Promise<void> {
    await this.page.screenshot({ path, fullPage: false, animations: "disabled", caret: "hide" });
  }
}

/** Page object for `/registre/orgs/:id`. */
export class OrgDetailPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  static async open(page: Page, baseUrl: string, id: string): Promise<OrgDetailPage> {
    await page.goto(new URL(`/registre/orgs/${encodeURIComponent(id)}`, baseUrl).toString());
    const detail = new OrgDetailPage(page);
    await detail.title.waitFor();
    return detail;
  }

  get title(): Locator {
    return this.page.getByTestId("org-title");
  }

  get settings(): Locator {
    return this.page.getByTestId("org-settings");
  }

  get historyEvents(): Locator {
    return this.page.getByTestId("org-history-event");
  }

  /** Renames the organisation through the settings card and waits for the confirmation. */
  async rename(name: string): Promise<void> {
    await this.page.getByTestId("org-edit-button").click();
    await this.page.getByTestId("org-edit-name-input").fill(name);
    await this.page.getByTestId("org-edit-submit").click();
    await this.page.getByTestId("org-edit-success").waitFor();
  }
}
