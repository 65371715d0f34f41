export interface DeclaredVariable {
  description: string;
  default?: string | number;
  unset?: string;
}

export const START_VARIABLES: {
  AUTH_EMULATOR_PORT: DeclaredVariable & { default: number };
  CLIENT_DEV_PORT: DeclaredVariable & { default: number };
  NO_COLOR: DeclaredVariable;
};
export const TEST_VARIABLES: {
  TEST_DATABASE_URL: DeclaredVariable & { default: string };
  CHROMIUM_PATH: DeclaredVariable & { default: string };
  E2E_VERBOSE: DeclaredVariable;
  PLAYWRIGHT_JSON_OUTPUT_NAME: DeclaredVariable;
  STORYLOOM_BASE_URL: DeclaredVariable;
  CI: DeclaredVariable;
  BENCH_DATABASE_URL: DeclaredVariable & { default: string };
  BENCH_LIGHTHOUSE_REPORTS: DeclaredVariable;
};
export const COMPOSE_VARIABLES: Record<string, DeclaredVariable>;
export const API_LIBRARY_VARIABLES: Record<string, DeclaredVariable>;
