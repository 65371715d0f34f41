import type { Environment } from "@storyloom/common/env";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadApiConfig, type ApiConfig } from "../config/api-config.js";

/** The repository's root (api/dist/cli → ../../..), where `npm start` keeps .data. */
const REPOSITORY_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * The config of a command beside the api (seed, user:role): the database `npm start` gives the
 * api from the same environment, DATA_DIR taken from the repository's root as scripts/start.mjs
 * does, whichever folder npm runs the command in.
 */
export function loadLocalConfig(env: Environment): ApiConfig {
  const dataDir = path.resolve(REPOSITORY_ROOT, env.DATA_DIR?.trim() || ".data");
  return loadApiConfig({ ...env, DATA_DIR: dataDir });
}
