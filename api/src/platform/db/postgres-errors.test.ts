import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./postgres-errors.js";

// What the api answers 503 for, and what it does not (docs/decisions/048).

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const wrapped = (cause: Error) => new Error("Failed query: select 1\\nparams: ", { cause });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a refused connection", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["a reset connection", withCode("read ECONNRESET", "ECONNRESET")],
    ["an administrator's shutdown", withCode("terminating connection", "57P01")],
    ["a server starting or stopping", withCode("the database system is shutting down", "57P03")],
    ["a connection exception", withCode("connection failure", "08006")],
    ["a connection that ended", new Error("Connection terminated unexpectedly")],
    ["a pool that timed out connecting", new Error("timeout exceeded when trying to connect")],
    ["a closed PGlite", new Error("PGlite is closed")],
    ["every address refused", new AggregateError([withCode("refused", "ECONNREFUSED")])],
  ])("is true of %s, even wrapped by Drizzle", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ["a unique violation", withCode("duplicate key", "23505")],
    ["a syntax error", withCode("syntax error", "42601")],
    ["a bug", new TypeError("x is undefined")],
    ["not an error", "ECONNREFUSED"],
  ])("is false of %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(error instanceof Error ? wrapped(error) : error)).toBe(false);
  });
});
