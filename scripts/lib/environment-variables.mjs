// The environment variables that no process's configuration schema declares (the api's and the
// bff's are in api/src/config/ and bff/src/config.ts): those of `npm start`, of the tests and
// benchmarks, of the scaled deployment and of the libraries the api hands its environment to.
// Declared once here, in the schemas' shape (a description, and a default or what unset means):
// the scripts take their defaults from here, and docs/configuration.md is generated from it
// (scripts/docs/configuration.mjs).

/** `npm start` / `npm run dev` (scripts/start.mjs) and Vite's dev server. */
export const START_VARIABLES = {
  AUTH_EMULATOR_PORT: { default: 9099, description: "the Auth emulator's port" },
  CLIENT_DEV_PORT: {
    default: 5173,
    description:
      "Vite's port with `npm run dev` (the client's dev server proxies `/graphql` and `/config.json` to `BFF_PORT`)",
  },
  NO_COLOR: {
    unset: "colours on a terminal",
    description: "set to anything: the logs' `[auth]`, `[api]`, `[bff]` prefixes without colours",
  },
};

/** The test suites (`npm test`) and the benchmarks (`npm run bench`). */
export const TEST_VARIABLES = {
  TEST_DATABASE_URL: {
    default: "postgres://postgres@127.0.0.1:5432/test",
    description:
      "server for the api suite's PostgreSQL run and the many-process tests (each test file creates and drops its own database)",
  },
  PG_BIN_DIR: {
    default: "/usr/local/bin",
    description:
      "where the outage test finds PostgreSQL's `initdb` and `pg_ctl` for the server it stops and starts (run as the `postgres` user when the test runs as root)",
  },
  CHROMIUM_PATH: {
    default: "/usr/bin/chromium",
    description: "the browser Playwright and the site bench drive",
  },
  E2E_VERBOSE: { description: "set: show the api and bff logs during browser tests" },
  PLAYWRIGHT_JSON_OUTPUT_NAME: {
    unset: "set by `npm test`",
    description: "where Playwright's JSON report goes",
  },
  STORYLOOM_BASE_URL: {
    unset: "set by the browser suite",
    description: "the bff's URL, passed from the browser suite's global setup to its tests",
  },
  CI: {
    description: "passed on to firebase-tools as it is (CI services set it)",
  },
  BENCH_DATABASE_URL: {
    default: "postgres://postgres@127.0.0.1:5432",
    description: "server on which `npm run bench` creates (and drops) its PostgreSQL database",
  },
  BENCH_LIGHTHOUSE_REPORTS: {
    description:
      "a directory where the site bench keeps each Lighthouse report as JSON, to read what costs points",
  },
  BENCH_LIGHTHOUSE_RUNS: {
    default: "3",
    description:
      "how many times the site bench runs Lighthouse on each page; it reports the median run and every run's score",
  },
  SCALE_STORIES: {
    unset: "1,000,000 on PostgreSQL, 100,000 on PGlite",
    description: "how many listed stories the scale bench fills (a smaller number for a quick run)",
  },
  SCALE_QUERIES: {
    default: "40",
    description: "how many distinct requests of each family the scale bench times, cold",
  },
  SCALE_DATABASES: {
    unset: "PGlite, and PostgreSQL when `DATABASE_URL` is set",
    description:
      "which databases the scale bench runs on: `postgres`, `pglite` or both, comma-separated",
  },
};

/**
 * docker/compose.yml's own variables; its defaults and which are required are read from the file
 * itself. The others it names are the api's and the bff's, passed on to the replicas.
 */
export const COMPOSE_VARIABLES = {
  POSTGRES_PASSWORD: { description: "the password of PostgreSQL's `storyloom` user" },
  POSTGRES_MAX_CONNECTIONS: { description: "PostgreSQL's `max_connections`" },
  POSTGRES_SHARED_BUFFERS: {
    description:
      "PostgreSQL's `shared_buffers`: about a quarter of the host's memory, and more than the search table (251 MB at a million stories)",
  },
  PUBLISHED_PORT: { description: "the host port HAProxy's site listener is published on" },
  WORKER_CONCURRENCY: { description: "each worker container's `STORY_WORKERS`" },
  FIREBASE_SERVICE_ACCOUNT_FILE: {
    description:
      "the Firebase service-account key file, given to the api and the workers as a secret (`GOOGLE_APPLICATION_CREDENTIALS`)",
  },
  GRAFANA_PORT: {
    description:
      "the host port Grafana is published on, on 127.0.0.1 only (reach it through an SSH tunnel)",
  },
  GRAFANA_ADMIN_PASSWORD: { description: "the password of Grafana's `admin` user" },
};

/** Read in the api's processes by a library, not by the api's schema. */
export const API_LIBRARY_VARIABLES = {
  GOOGLE_APPLICATION_CREDENTIALS: {
    description:
      "service-account JSON of a real Firebase project, read by firebase-admin (needed to delete Firebase users)",
  },
};
