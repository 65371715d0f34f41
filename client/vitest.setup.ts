import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";

// findBy*/waitFor poll a condition; their bound is only how long to keep polling before failing.
// Testing Library's default (1 s) is a wall-clock guess that a busy 2-core machine exceeds when a
// lazy page chunk loads for the first time, so the bound is generous and a passing test is no slower.
configure({ asyncUtilTimeout: 15_000 });

beforeAll(() => {
  // jsdom does not implement scrolling; the router's ScrollRestoration calls it on navigation.
  window.scrollTo = () => {};
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.removeAttribute("data-theme");
  document.title = "";
});
