import { describe, expect, it } from "vitest";
import { isAppPath } from "./app-paths.js";

describe("the web app's paths", () => {
  it.each([
    "/",
    "/explore",
    "/explore/",
    "/stories/abc123",
    "/stories/new",
    "/profile/Sam",
    "/MY/Profile",
    "/checkout/test/cs_local_1",
    "/categories/3",
  ])("include %s", (path) => {
    expect(isAppPath(path)).toBe(true);
  });

  it.each([
    "/nowhere",
    "/wp-login.php",
    "/stories",
    "/stories/abc/extra",
    "/my",
    "/admin/users",
    "/profile//sam",
    "//explore",
    "/explore.php",
  ])("exclude %s", (path) => {
    expect(isAppPath(path)).toBe(false);
  });
});
