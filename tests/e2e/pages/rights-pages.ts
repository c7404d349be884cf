import type { Locator, Page } from "playwright-core";

export type Locale = "fr" | "en";

/** Page objects of the organisation users screen (`/org/contacts/users`) and the user rights screen. */
export class RightsPages {
  readonly page: Page;
  readonly baseUrl: string;

  constructor(page: Page, baseUrl: string) {
    this.page = page;
    this.baseUrl = baseUrl;
  }

  async open(path: string): Promise<void> {
    await this.page.goto(new URL(path, this.baseUrl).toString());
    await this.mainHeading.waitFor();
  }

  get mainHeading(): Locator {
    return this.page.getByRole("heading", { level: 1 });
  }

  // Users screen.

  userRow(email: string): Locator {
    return this.page.getByTestId("user-row").filter({ hasText: email });
  }

  invitationRow(email: string): Locator {
    return this.page.getByTestId("invitation-row").filter({ hasText: email });
  }

  /**
   * Invites an address from the users screen: its "Invite" button opens the invitation screen
   * (`/org/contacts/users/create`), which goes back to the list with a notice.
   */
  async inviteUser(
    email: string,
    profile: "Propriétaire" | "Comptable" | "Owner" | "Accountant",
  ): Promise<void> {
    await this.page.getByTestId("user-invite").click();
    await this.page.waitForURL((url) => url.pathname === "/org/contacts/users/create");
    await this.page.getByTestId("user-invite-email").fill(email);
    await this.page.getByTestId("user-invite-profile").click();
    await this.page.getByRole("option", { name: profile, exact: true }).click();
    await this.page.getByTestId("user-invite-submit").click();
    await this.page.waitForURL((url) => url.pathname === "/org/contacts/users");
    await this.page.getByTestId("users-notice").waitFor();
  }

  /** Withdraws a pending invitation, confirming in the dialog. */
  async revokeInvitation(email: string): Promise<void> {
    await this.invitationRow(email).getByTestId("invitation-revoke").click();
    await this.page.getByTestId("invitation-revoke-confirm").click();
    await this.invitationRow(email).waitFor({ state: "detached" });
  }

  // Rights screen: roles.

  get newItemButton(): Locator {
    return this.page.getByTestId("rights-item-new");
  }

  async createItem(name: string): Promise<void> {
    await this.newItemButton.first().click();
    await this.page.getByTestId("rights-item-name").fill(name);
    await this.page.getByTestId("rights-item-submit").click();
    await this.page.getByTestId("rights-item-title").filter({ hasText: name }).waitFor();
  }

  item(name: string): Locator {
    return this.page.getByTestId("rights-item").filter({ hasText: name });
  }

  get matrix(): Locator {
    return this.page.getByTestId("rights-matrix");
  }

  /** The checkbox of one resource and bit, by its accessible name ("Factures de vente : lecture"). */
  cell(resource: string, bit: string): Locator {
    const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return this.matrix.getByRole("checkbox", {
      name: new RegExp(`^${literal(resource)}\\s*:\\s*${literal(bit)}$`),
    });
  }

  async saveRights(): Promise<void> {
    await this.page.getByTestId("rights-save").click();
    await this.page.getByTestId("rights-saved").waitFor();
  }

  // Rights screen: assignments.

  async openAssignments(): Promise<void> {
    await this.page.getByTestId("rights-tab-assignments").click();
    await this.page.getByTestId("rights-member").first().waitFor();
  }

  member(email: string): Locator {
    return this.page.getByTestId("rights-member").filter({ hasText: email });
  }

  /** Picks a role in a member's multi-select and waits for the assignment to be saved. */
  async assign(email: string, itemName: string): Promise<void> {
    const row = this.member(email);
    await row.getByTestId("rights-member-items").click();
    const saved = this.page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === "/api/auth/assignments" &&
        response.request().method() === "POST",
    );
    await this.page.getByRole("option", { name: itemName, exact: true }).click();
    await saved;
    await this.page.keyboard.press("Escape");
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

  async screenshot(path: string): Promise<void> {
    await this.page.evaluate(() => document.fonts.ready);
    await this.page.screenshot({ path, fullPage: false, animations: "disabled", caret: "hide" });
  }
}
