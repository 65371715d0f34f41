import { unavailable } from "../platform/lib/errors.js";
import { PaymentProviderError } from "./payment-provider.js";
import { PROVIDER_DOWN } from "./purchase-rules.js";

/** Where a use case reports what the payment provider refused (the request's logger). */
export interface PaymentLog {
  warn(details: object, message: string): void;
}

/**
 * A call to the payment provider on a buyer's or an admin's behalf: when the provider refuses or
 * cannot be reached, the failure is logged and the caller is told to try again (503).
 */
export async function askProvider<T>(
  log: PaymentLog,
  about: { purchaseId: string; failure: string },
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      log.warn({ err: error, purchaseId: about.purchaseId }, about.failure);
      throw unavailable(PROVIDER_DOWN);
    }
    throw error;
  }
}
