import { describe, expect, it } from "vitest";
import { storyTools } from "../generation/worker/story-tools.js";
import { ConfigError, loadApiConfig } from "./api-config.js";

type Env = Record<string, string>;
const writerOptionsFromEnv = (env: Env) => loadApiConfig(env).generation.llm;
const illustratorOptionsFromEnv = (env: Env) => loadApiConfig(env).generation.images;
const toolsFromEnv = (env: Env) => storyTools(loadApiConfig(env).generation);

describe("the writer's configuration", () => {
  it("is off without a base URL (empty counts as unset)", () => {
    expect(writerOptionsFromEnv({})).toBeNull();
    expect(writerOptionsFromEnv({ STORY_LLM_BASE_URL: "  ", STORY_LLM_MODEL: "m" })).toBeNull();
    expect(toolsFromEnv({}).writer.name).toBe("offline writer");
  });

  it("reads the base URL, model, key and timeout", () => {
    const env = {
      STORY_LLM_BASE_URL: "http://127.0.0.1:11434/v1/",
      STORY_LLM_MODEL: "llama3.2",
      STORY_LLM_API_KEY: "k",
      STORY_LLM_TIMEOUT_MS: "60000",
    };
    expect(writerOptionsFromEnv(env)).toEqual({
      baseUrl: "http://127.0.0.1:11434/v1/",
      model: "llama3.2",
      apiKey: "k",
      timeoutMs: 60000,
    });
    expect(toolsFromEnv(env).writer.name).toBe("llama3.2 via 127.0.0.1:11434");
  });

  it.each([
    [
      { STORY_LLM_BASE_URL: "ftp://host/v1", STORY_LLM_MODEL: "m" },
      /STORY_LLM_BASE_URL must be an http\(s\) URL/,
    ],
    [
      { STORY_LLM_BASE_URL: "not a url", STORY_LLM_MODEL: "m" },
      /STORY_LLM_BASE_URL must be an http\(s\) URL/,
    ],
    [
      { STORY_LLM_BASE_URL: "https://user:pw@host/v1", STORY_LLM_MODEL: "m" },
      /must not contain credentials/,
    ],
    [
      { STORY_LLM_BASE_URL: "https://host/v1" },
      /STORY_LLM_MODEL must be set when STORY_LLM_BASE_URL is set/,
    ],
    ...["0", "-5", "1.5", "abc", "1e3"].map((timeout) => [
      {
        STORY_LLM_BASE_URL: "https://host/v1",
        STORY_LLM_MODEL: "m",
        STORY_LLM_TIMEOUT_MS: timeout,
      },
      /STORY_LLM_TIMEOUT_MS must be a positive integer/,
    ]),
  ] as Array<[Record<string, string>, RegExp]>)("refuses %j with one line", (env, message) => {
    let error: unknown;
    try {
      loadApiConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain("\n");
    expect((error as Error).message).not.toContain("pw@");
  });
});

describe("the illustrator's configuration", () => {
  it("is off without a base URL", () => {
    expect(
      illustratorOptionsFromEnv({
        STORY_LLM_BASE_URL: "https://api.openai.com/v1",
        STORY_LLM_MODEL: "m",
      }),
    ).toBeNull();
  });

  it("reads its own variables, with the default size", () => {
    const env = {
      STORY_IMAGE_BASE_URL: "https://images.example.com/v1",
      STORY_IMAGE_MODEL: "dall-e-3",
      STORY_IMAGE_API_KEY: "image-key",
    };
    expect(illustratorOptionsFromEnv(env)).toEqual({
      baseUrl: "https://images.example.com/v1",
      model: "dall-e-3",
      apiKey: "image-key",
      size: "1024x1024",
      timeoutMs: undefined,
    });
    expect(toolsFromEnv(env).illustrator.name).toBe("dall-e-3 via images.example.com");
  });

  it("reuses the LLM key only for the same origin", () => {
    const llm = {
      STORY_LLM_BASE_URL: "https://api.openai.com/v1",
      STORY_LLM_MODEL: "gpt-4o-mini",
      STORY_LLM_API_KEY: "text-key",
    };
    const same = {
      ...llm,
      STORY_IMAGE_BASE_URL: "https://api.openai.com/v1",
      STORY_IMAGE_MODEL: "dall-e-3",
    };
    const other = {
      ...llm,
      STORY_IMAGE_BASE_URL: "https://images.example.com/v1",
      STORY_IMAGE_MODEL: "sd",
    };
    expect(illustratorOptionsFromEnv(same)?.apiKey).toBe("text-key");
    expect(illustratorOptionsFromEnv(other)?.apiKey).toBeUndefined();
  });

  it("refuses invalid values with one line", () => {
    expect(() =>
      loadApiConfig({ STORY_IMAGE_BASE_URL: "file:///tmp", STORY_IMAGE_MODEL: "m" }),
    ).toThrow(/STORY_IMAGE_BASE_URL must be an http\(s\) URL/);
    expect(() => loadApiConfig({ STORY_IMAGE_BASE_URL: "http://h/v1" })).toThrow(
      /STORY_IMAGE_MODEL must be set/,
    );
    expect(() =>
      loadApiConfig({
        STORY_IMAGE_BASE_URL: "http://h/v1",
        STORY_IMAGE_MODEL: "m",
        STORY_IMAGE_SIZE: "big",
      }),
    ).toThrow(/STORY_IMAGE_SIZE must be WIDTHxHEIGHT/);
    expect(() =>
      loadApiConfig({
        STORY_IMAGE_BASE_URL: "http://h/v1",
        STORY_IMAGE_MODEL: "m",
        STORY_IMAGE_TIMEOUT_MS: "0",
      }),
    ).toThrow(/STORY_IMAGE_TIMEOUT_MS must be a positive integer/);
  });
});
