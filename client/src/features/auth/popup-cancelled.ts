import { authErrorCode } from "./auth-service";

/** The person closed the Google pop-up themselves: not a failure worth an error message. */
export function isPopupCancelled(error: unknown): boolean {
  const code = authErrorCode(error);
  return code === "auth/popup-closed-by-user" || code === "auth/cancelled-popup-request";
}
