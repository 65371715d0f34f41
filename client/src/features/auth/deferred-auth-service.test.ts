import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeAuthService, signedInUser, type FakeAuthService } from "../../testing/fake-auth";
import { STORAGE_KEYS } from "../../lib/storage-keys";
import type { AuthUser } from "./auth-service";
import { atFirstInteraction, createDeferredAuthService } from "./deferred-auth-service";

/** A load the test completes by hand, so it can look at the time before the SDK is there. */
function heldLoad() {
  const real: FakeAuthService = fakeAuthService();
  let finish: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const load = vi.fn(
    () =>
      new Promise<FakeAuthService>((resolve, reject) => {
        finish = () => resolve(real);
        fail = reject;
      }),
  );
  return { real, load, finish: () => finish(), fail: (error: Error) => fail(error) };
}

afterEach(() => {
  localStorage.clear();
});

describe("deferred auth service", () => {
  it("does not load the identity SDK for a visitor until something asks for it", async () => {
    const { load } = heldLoad();
    let scheduled: (() => void) | null = null;
    const service = createDeferredAuthService({
      load,
      scheduleVisitorLoad: (start) => (scheduled = start),
    });
    // A visitor's requests go at once, without a token and without the SDK.
    await expect(service.getIdToken()).resolves.toBeNull();
    expect(load).not.toHaveBeenCalled();
    scheduled!();
    expect(load).toHaveBeenCalledOnce();
  });

  it("loads a visitor's SDK at their first interaction, once", () => {
    const { load } = heldLoad();
    createDeferredAuthService({ load, scheduleVisitorLoad: atFirstInteraction });
    expect(load).not.toHaveBeenCalled();
    window.dispatchEvent(new Event("pointerdown"));
    window.dispatchEvent(new Event("keydown"));
    expect(load).toHaveBeenCalledOnce();
  });

  it("with the signed-in hint and a page drawn without the identity, loads when that page is drawn, or sooner when a token is asked for", async () => {
    localStorage.setItem(STORAGE_KEYS.signedInHint, "1");
    const held = heldLoad();
    let drawn: (() => void) | null = null;
    createDeferredAuthService({
      load: held.load,
      scheduleVisitorLoad: () => {},
      scheduleMemberLoad: (start) => (drawn = start),
    });
    expect(held.load).not.toHaveBeenCalled();
    drawn!();
    expect(held.load).toHaveBeenCalledOnce();

    const asking = heldLoad();
    const service = createDeferredAuthService({
      load: asking.load,
      scheduleVisitorLoad: () => {},
      scheduleMemberLoad: () => {},
    });
    void service.getIdToken();
    expect(asking.load).toHaveBeenCalledOnce();
  });

  it("with the signed-in hint loads at once, and the first token waits for the restored session", async () => {
    localStorage.setItem(STORAGE_KEYS.signedInHint, "1");
    const { real, load, finish } = heldLoad();
    const service = createDeferredAuthService({ load, scheduleVisitorLoad: () => {} });
    expect(load).toHaveBeenCalledOnce();
    let token: string | null | undefined;
    const asked = service.getIdToken().then((value) => (token = value));
    finish();
    await vi.waitFor(() => expect(real.getIdToken).not.toHaveBeenCalled());
    expect(token).toBeUndefined();
    real.emit(signedInUser);
    await asked;
    expect(token).toBe("fake-id-token");
  });

  it("tells its listeners the restored session once the SDK has it, and later changes", async () => {
    const { real, load, finish } = heldLoad();
    const service = createDeferredAuthService({ load, scheduleVisitorLoad: () => {} });
    const heard: (AuthUser | null)[] = [];
    service.onAuthStateChanged((user) => heard.push(user));
    service.preload?.();
    finish();
    await vi.waitFor(() => expect(load).toHaveBeenCalledOnce());
    await Promise.resolve();
    real.emit(null);
    real.emit(signedInUser);
    expect(heard).toEqual([null, signedInUser]);
    // A listener that comes later hears the current identity at once.
    const late: (AuthUser | null)[] = [];
    service.onAuthStateChanged((user) => late.push(user));
    expect(late).toEqual([signedInUser]);
  });

  it("starts the load for an action and runs it once the SDK is there", async () => {
    const { real, load, finish } = heldLoad();
    const service = createDeferredAuthService({ load, scheduleVisitorLoad: () => {} });
    const signingIn = service.signIn("reader@example.com", "secret-pass");
    expect(load).toHaveBeenCalledOnce();
    expect(real.signIn).not.toHaveBeenCalled();
    finish();
    await signingIn;
    expect(real.signIn).toHaveBeenCalledWith("reader@example.com", "secret-pass");
  });

  it("leaves a visitor when the SDK cannot load, and the action reports the failure", async () => {
    localStorage.setItem(STORAGE_KEYS.signedInHint, "1");
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { load, fail } = heldLoad();
    const service = createDeferredAuthService({ load, scheduleVisitorLoad: () => {} });
    const heard: (AuthUser | null)[] = [];
    service.onAuthStateChanged((user) => heard.push(user));
    const token = service.getIdToken();
    fail(new Error("offline"));
    await expect(token).resolves.toBeNull();
    expect(heard).toEqual([null]);
    await expect(service.signIn("reader@example.com", "secret-pass")).rejects.toThrow("offline");
  });
});
