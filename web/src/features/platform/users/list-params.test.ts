import { describe, expect, test } from "vitest";
import {
  pageCount,
  pageRange,
  readUsersListParams,
  usersApiQuery,
  usersPageSize,
  writeUsersListParams,
} from "./list-params.ts";

describe("user list parameters", () => {
  test("reads the search and the page from the address bar, leniently", () => {
    expect(readUsersListParams(new URLSearchParams(""))).toEqual({ q: "", page: 1 });
    expect(readUsersListParams(new URLSearchParams("q=%20camille%20&page=3"))).toEqual({
      q: "camille",
      page: 3,
    });
    for (const page of ["0", "-2", "abc", ""]) {
      expect(readUsersListParams(new URLSearchParams({ page })).page, page).toBe(1);
    }
  });

  test("writes only what differs from the defaults", () => {
    expect(writeUsersListParams({ q: "", page: 1 }).toString()).toBe("");
    expect(writeUsersListParams({ q: " Démo ", page: 1 }).toString()).toBe("q=D%C3%A9mo");
    expect(writeUsersListParams({ q: "", page: 2 }).toString()).toBe("page=2");
  });

  test("round-trips through the address bar", () => {
    const params = { q: "marie@example.fr", page: 4 };
    expect(readUsersListParams(writeUsersListParams(params))).toEqual(params);
  });

  test("builds the API query with limit and offset", () => {
    expect(usersApiQuery({ q: "", page: 1 })).toBe(`?limit=${usersPageSize}&offset=0`);
    expect(usersApiQuery({ q: "a b&c", page: 3 }, 10)).toBe("?q=a+b%26c&limit=10&offset=20");
    expect(usersApiQuery({ q: "", page: 0 }, 10)).toBe("?limit=10&offset=0");
  });

  test("counts pages and the rows shown", () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageRange(1, 0, 20)).toEqual({ from: 0, to: 0 });
    expect(pageRange(1, 5, 20)).toEqual({ from: 1, to: 5 });
    expect(pageRange(2, 45, 20)).toEqual({ from: 21, to: 40 });
    expect(pageRange(3, 45, 20)).toEqual({ from: 41, to: 45 });
  });
});
