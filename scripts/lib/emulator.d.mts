export const DEMO_PROJECT_ID: string;
export interface AuthEmulator {
  host: string;
  projectId: string;
  url: string;
  stop(): Promise<void>;
}
export function startAuthEmulator(options?: {
  port?: number;
  projectId?: string;
  dataDir?: string;
  onLine?: (line: string) => void;
}): Promise<AuthEmulator>;
