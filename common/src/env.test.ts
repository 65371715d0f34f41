import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { ConfigError, describeEnv, Env, readEnv } from "./env.js";

const Schema = Type.Object({
  PORT: Env.integer(0, 65535, { default: 8080, description: "port" }),
  HOST: Env.text({ default: "127.0.0.1", description: "interface" }),
  LEVEL: Env.oneOf(["info", "debug"], { default: "info", lowerCase: true, description: "level" }),
  NAME: Env.optional(
    Env.text({ pattern: "^[a-z]+$", must: "lower-case letters", description: "a name" }),
  ),
  SITE: Env.optional(
    Env.text({
      description: "a URL",
      problem: (raw) => (URL.canParse(raw) ? null : "must be a URL (it could not be parsed)"),
    }),
  ),
  DIST: Env.optional(
    Env.text({ keepEmpty: true, unset: "`dist`", description: "a folder; empty: none" }),
  ),
});

describe("reading the environment against its schema", () => {
  it("fills defaults and leaves optional variables out when unset", () => {
    expect(readEnv(Schema, {})).toEqual({ PORT: 8080, HOST: "127.0.0.1", LEVEL: "info" });
  });

  it("treats blank values as unset, except where an empty value means something", () => {
    expect(readEnv(Schema, { PORT: " ", NAME: "", DIST: "" })).toEqual({
      PORT: 8080,
      HOST: "127.0.0.1",
      LEVEL: "info",
      DIST: "",
    });
  });

  it("converts and checks each value", () => {
    expect(readEnv(Schema, { PORT: "0", LEVEL: "DEBUG", NAME: " ana " })).toMatchObject({
      PORT: 0,
      LEVEL: "debug",
      NAME: "ana",
    });
  });

  it.each([
    [{ PORT: "80.5" }, 'PORT must be an integer 0-65535, got "80.5"'],
    [{ PORT: "65536" }, 'PORT must be an integer 0-65535, got "65536"'],
    [{ PORT: "1e3" }, 'PORT must be an integer 0-65535, got "1e3"'],
    [{ LEVEL: "loud" }, 'LEVEL must be one of info, debug, got "loud"'],
    [{ NAME: "Ana" }, 'NAME must be lower-case letters, got "Ana"'],
    [{ SITE: "not a url" }, "SITE must be a URL (it could not be parsed)"],
  ])("refuses %j with one line", (env, message) => {
    expect(() => readEnv(Schema, env)).toThrow(new ConfigError(message));
  });

  it("lists its variables with what they mean", () => {
    expect(describeEnv(Schema).map((variable) => variable.name)).toEqual([
      "PORT",
      "HOST",
      "LEVEL",
      "NAME",
      "SITE",
      "DIST",
    ]);
    expect(describeEnv(Schema)[0]?.description).toBe("port");
  });

  it("describes each variable's default, or what unset means, for the configuration document", () => {
    const described = Object.fromEntries(describeEnv(Schema).map((v) => [v.name, v]));
    expect(described.PORT).toEqual({ name: "PORT", description: "port", default: 8080 });
    expect(described.NAME).toEqual({ name: "NAME", description: "a name" });
    expect(described.DIST).toEqual({
      name: "DIST",
      description: "a folder; empty: none",
      unset: "`dist`",
    });
  });
});
