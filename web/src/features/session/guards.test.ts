import { describe, expect, it } from "vitest";
import { safeNext, withNext } from "./guards.ts";

describe("the next path after signing in", () => {
  it("is a path of this app, never another site", () => {
    expect(safeNext("/public/invitation?token=rg_x")).toBe("/public/invitation?token=rg_x");
    expect(safeNext("/org/dashboard")).toBe("/org/dashboard");
    for (const other of [
      null,
      "",
      "//evil.example",
      "/\\evil.example",
      "https://evil.example",
      "javascript:alert(1)",
    ])
      expect(safeNext(other), String(other)).toBeNull();
  });

  it("is carried in the query string of the links between sign-in screens", () => {
    expect(withNext("/login", null)).toBe("/login");
    expect(withNext("/register", "/public/invitation?token=a&b", { email: "léa@exemple.fr" })).toBe(
      "/register?email=l%C3%A9a%40exemple.fr&next=%2Fpublic%2Finvitation%3Ftoken%3Da%26b",
    );
  });
});
