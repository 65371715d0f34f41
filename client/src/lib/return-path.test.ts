import { describe, expect, it } from "vitest";
import { returnPathOf, signInPage } from "./return-path";

describe("the page to come back to after signing in", () => {
  it.each([
    ["?next=%2Fstories%2FaB3_x-9", "/stories/aB3_x-9"],
    ["?next=/my/bookmarks", "/my/bookmarks"],
    ["?next=%2Fprofile%2Fada.lovelace", "/profile/ada.lovelace"],
  ])("is the path %s names", (search, path) => {
    expect(returnPathOf(search)).toBe(path);
  });

  it.each([
    ["no next", ""],
    ["another site", "?next=https%3A%2F%2Fevil.example%2F"],
    ["a protocol-relative address", "?next=%2F%2Fevil.example%2Fstories"],
    ["a backslash that browsers read as a slash", "?next=%2F%5Cevil.example"],
    ["a script", "?next=javascript%3Aalert(1)"],
    ["a relative path", "?next=stories%2Fabc"],
    ["a query or fragment", "?next=%2Fstories%2Fabc%3Fx%3D1"],
    ["the home page", "?next=%2F"],
    ["the sign-in page itself", "?next=%2Flogin"],
    ["the sign-up page", "?next=%2Fsignup"],
    ["password reset", "?next=%2Fforgot-password"],
  ])("is none for %s", (_what, search) => {
    expect(returnPathOf(search)).toBeNull();
  });

  it("goes into the sign-in and sign-up pages' addresses, and reads back the same", () => {
    const login = signInPage("/login", "/stories/abc");
    expect(login).toBe("/login?next=%2Fstories%2Fabc");
    expect(returnPathOf(login.slice(login.indexOf("?")))).toBe("/stories/abc");
    expect(signInPage("/signup", "/my/purchases")).toBe("/signup?next=%2Fmy%2Fpurchases");
    expect(signInPage("/forgot-password", "/my/purchases")).toBe(
      "/forgot-password?next=%2Fmy%2Fpurchases",
    );
  });

  it("is left out of the address when it is not usable", () => {
    expect(signInPage("/login", null)).toBe("/login");
    expect(signInPage("/login", "/")).toBe("/login");
    expect(signInPage("/signup", "//evil.example")).toBe("/signup");
  });
});
