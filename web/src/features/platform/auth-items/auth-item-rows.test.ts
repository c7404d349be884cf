import { describe, expect, it } from "vitest";
import { authItemRows } from "./auth-item-rows.ts";

describe("the authorization items list", () => {
  it("shows the profiles first, then the roles by name, each with the rights it grants and its holders", () => {
    const rows = authItemRows(
      [
        { profile: "owner", rights: [{ c: "contacts", r: 30 }] },
        { profile: "accountant", rights: [{ c: "contacts", r: 4 }] },
      ],
      [
        { id: "r2", name: "Vendeur", rights: [{ c: "sales.invoices", r: 6 }] },
        {
          id: "r1",
          name: "Assistant",
          rights: [
            { c: "contacts", r: 0 },
            { c: "items", r: 4 },
          ],
        },
      ],
      [{ itemId: "r1" }, { itemId: "r1" }, { itemId: "r2" }],
    );
    expect(rows.map((row) => [row.key, row.kind, row.name, row.holders])).toEqual([
      ["profile:owner", "profile", "owner", 0],
      ["profile:accountant", "profile", "accountant", 0],
      ["role:r1", "role", "Assistant", 2],
      ["role:r2", "role", "Vendeur", 1],
    ]);
    // A code left without any bit is no child of the item.
    expect(rows[2]?.rights).toEqual([{ c: "items", r: 4 }]);
  });

  it("sorts the roles in French order (accents after their letter)", () => {
    const rows = authItemRows(
      [],
      [
        { id: "b", name: "Éditeur", rights: [] },
        { id: "a", name: "Facturier", rights: [] },
        { id: "c", name: "Ecrivain", rights: [] },
      ],
    );
    expect(rows.map((row) => row.name)).toEqual(["Ecrivain", "Éditeur", "Facturier"]);
  });
});
