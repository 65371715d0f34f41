export interface EmulatorSession {
  idToken: string;
  localId: string;
  email: string;
  refreshToken: string;
}
export function uniqueEmail(prefix?: string): string;
export function signUp(host: string, email: string, password?: string): Promise<EmulatorSession>;
export function signInWithPassword(
  host: string,
  email: string,
  password: string,
): Promise<EmulatorSession>;
export function fakeGoogleIdToken(profile: { sub: string; email: string; name: string }): string;
export function signInWithGoogle(
  host: string,
  profile: { sub: string; email: string; name: string },
): Promise<EmulatorSession & { displayName?: string }>;
export function passwordResetCodes(
  host: string,
  projectId: string,
  email: string,
): Promise<Array<{ email: string; oobCode: string; oobLink: string; requestType: string }>>;
