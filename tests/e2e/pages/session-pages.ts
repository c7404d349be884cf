import type { Locator, Page } from "playwright-core";

/** Page objects of the session screens: login, registration, organisation choice, password renewal. */
export class SessionPages {
  readonly page: Page;
  readonly baseUrl: string;

  constructor(page: Page, baseUrl: string) {
    this.page = page;
    this.baseUrl = baseUrl;
  }

  private async open(path: string): Promise<void> {
    await this.page.goto(new URL(path, this.baseUrl).toString());
    await this.page.locator("[data-layout]").first().waitFor();
  }

  async register(input: { name: string; email: string; password: string }): Promise<void> {
    await this.open("/register");
    await this.page.getByTestId("register-name").fill(input.name);
    await this.page.getByTestId("register-email").fill(input.email);
    await this.page.getByTestId("register-password").fill(input.password);
    await this.page.getByTestId("register-terms").check();
    await this.page.getByTestId("register-submit").click();
  }

  async login(input: { email: string; password: string }): Promise<void> {
    await this.open("/login");
    await this.page.getByTestId("login-email").fill(input.email);
    await this.page.getByTestId("login-password").fill(input.password);
    await this.page.getByTestId("login-submit").click();
  }

  async createOrganisation(input: { name: string; siren: string }): Promise<void> {
    await this.page.getByTestId("user-org-name").fill(input.name);
    await this.page.getByTestId("user-org-siren").fill(input.siren);
    await this.page.getByTestId("user-org-create-submit").click();
  }

  orgChoice(name: string): Locator {
    return this.page.getByTestId("user-org").filter({ hasText: name });
  }

  async waitForDashboard(): Promise<void> {
    await this.page.getByTestId("dashboard").waitFor();
  }

  get orgSwitch(): Locator {
    return this.page.getByTestId("org-switch");
  }

  async logout(): Promise<void> {
    await this.page.getByTestId("user-menu").click();
    await this.page.getByTestId("logout").click();
    await this.page.waitForURL((url) => url.pathname === "/");
  }

  async requestPasswordRenewal(email: string): Promise<void> {
    await this.open("/public/password/renew");
    await this.page.getByTestId("renew-email").fill(email);
    await this.page.getByTestId("renew-submit").click();
    await this.page.getByTestId("renew-sent").waitFor();
  }

  async renewPassword(link: string, password: string): Promise<void> {
    const url = new URL(link);
    await this.open(`${url.pathname}${url.search}`);
    await this.page.getByTestId("renew-password").fill(password);
    await this.page.getByTestId("renew-confirmation").fill(password);
    await this.page.getByTestId("renew-confirm-submit").click();
    await this.page.getByTestId("renew-saved").waitFor();
  }

  stored(key: string): Promise<string | null> {
    return this.page.evaluate((name) => window.localStorage.getItem(name), key);
  }
}
