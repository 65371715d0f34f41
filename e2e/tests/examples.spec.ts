// The examples of examples/ (docs/graphql.md) run against the real stack, so they never rot: the
// Node client signs in, lists stories, starts one and follows its subscription to the end; the
// curl walk-through runs every step it shows.
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { test, expect } from "../fixtures.js";

const execFileAsync = promisify(execFile);

/** Runs an example; a failure carries what it printed. */
async function run(
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; timeout: number },
) {
  try {
    return await execFileAsync(command, args, options);
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(" ")} failed:\n${stdout ?? ""}\n${stderr ?? ""}`);
  }
}
const examples = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../examples");

test("the Node client example signs in, lists stories, starts a story and follows its subscription until it is ready for review", async ({
  baseURL,
  emulatorHost,
}) => {
  test.slow();
  const { stdout } = await run(process.execPath, [path.join(examples, "node-client.mjs")], {
    env: { ...process.env, STORYLOOM_URL: baseURL, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost },
    timeout: 150_000,
  });
  expect(stdout).toMatch(/^signed in as example-.*@example\.com$/m);
  expect(stdout).toMatch(/^viewer: \S+$/m);
  expect(stdout).toMatch(/^newest stories: \d+$/m);
  expect(stdout).toMatch(/^started \S+: GENERATING$/m);
  expect(stdout).toMatch(/^update \d+: (GENERATING|READY_FOR_REVIEW) \d+%$/m);
  expect(stdout).toMatch(/^finished: READY_FOR_REVIEW$/m);
});

test("the curl walk-through runs every step against the stack", async ({
  baseURL,
  emulatorHost,
}) => {
  const { stdout } = await run("bash", [path.join(examples, "curl-walkthrough.sh")], {
    env: { ...process.env, STORYLOOM_URL: baseURL, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost },
    timeout: 60_000,
  });
  for (const step of [1, 2, 3, 4, 5, 6]) expect(stdout).toMatch(new RegExp(`^${step}\\. `, "m"));
  expect(stdout.trimEnd().endsWith("Done.")).toBe(true);
});
