/**
 * Sends the browser to another address: a checkout is a page of the payment provider's (or the
 * local test checkout's), left with a full navigation. One function, so tests can stand in for it.
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
