import { createContext, use } from "react";

/**
 * While a sign-in or sign-up is under way on /login or /signup, the page (not the guard) decides
 * when to leave: sign-up must first record the terms and privacy acceptance. The page holds the
 * guard's redirect through this context.
 */
export const SignInFlowContext = createContext<(inProgress: boolean) => void>(() => {});

export function useHoldSignedInRedirect(): (inProgress: boolean) => void {
  return use(SignInFlowContext);
}
