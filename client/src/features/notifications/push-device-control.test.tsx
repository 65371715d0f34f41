import { InMemoryCache } from "@apollo/client";
import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "../../lib/storage-keys";
import {
  PushPublicKeyQuery,
  SubscribeToPushMutation,
  UnsubscribeFromPushMutation,
} from "./notification-queries";
import { PUSH_MESSAGES } from "./notification-words";
import { PushDeviceControl } from "./push-device-control";

// "Allow notifications on this device": the browser's permission asked, the subscription made
// through the service worker and registered; clear words when the browser refuses or cannot.
// jsdom has no push: the browser's Notification and PushManager are stood in for here.

const KEY = "BPublicKeyOfTheServer";
const keyMock = {
  request: { query: PushPublicKeyQuery },
  result: { data: { pushPublicKey: KEY } },
};
const json = {
  endpoint: "https://push.example.com/send/abc",
  keys: { p256dh: "p256", auth: "secret" },
};

function browserWithPush(permission: NotificationPermission, answer: NotificationPermission) {
  const subscription = { toJSON: () => json, unsubscribe: vi.fn(async () => true) };
  let current: typeof subscription | null = null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = subscription;
      return subscription;
    }),
  };
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal("Notification", { permission, requestPermission });
  vi.stubGlobal("PushManager", function PushManager() {});
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager }) },
  });
  return { pushManager, requestPermission, subscription };
}

function renderControl(mocks: MockLink.MockedResponse[]) {
  return render(
    <MockedProvider mocks={mocks} cache={new InMemoryCache()}>
      <PushDeviceControl />
    </MockedProvider>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

describe("Allow notifications on this device", () => {
  it("subscribes through the service worker and registers the subscription", async () => {
    const browser = browserWithPush("default", "granted");
    const subscribed = vi.fn(() => ({ data: { subscribeToPush: "PushSubscription:1" } }));
    renderControl([
      keyMock,
      {
        request: {
          query: SubscribeToPushMutation,
          variables: { subscription: { endpoint: json.endpoint, p256dh: "p256", auth: "secret" } },
        },
        result: subscribed,
      },
      {
        request: { query: UnsubscribeFromPushMutation, variables: { id: "PushSubscription:1" } },
        result: { data: { unsubscribeFromPush: true } },
      },
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: PUSH_MESSAGES.allow }));
    expect(await screen.findByText(PUSH_MESSAGES.on)).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: KEY,
    });
    expect(subscribed).toHaveBeenCalledOnce();
    expect(localStorage.getItem(STORAGE_KEYS.pushSubscriptionId)).toBe("PushSubscription:1");

    await user.click(screen.getByRole("button", { name: PUSH_MESSAGES.stop }));
    expect(await screen.findByRole("button", { name: PUSH_MESSAGES.allow })).toBeInTheDocument();
    expect(browser.subscription.unsubscribe).toHaveBeenCalledOnce();
    expect(localStorage.getItem(STORAGE_KEYS.pushSubscriptionId)).toBeNull();
  });

  it("says so when the reader refuses the browser's permission, and subscribes nothing", async () => {
    const browser = browserWithPush("default", "denied");
    renderControl([keyMock]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: PUSH_MESSAGES.allow }));
    expect(await screen.findByText(PUSH_MESSAGES.blocked)).toBeInTheDocument();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: PUSH_MESSAGES.allow })).toBeNull();
  });

  it("says when notifications were blocked before", async () => {
    browserWithPush("denied", "denied");
    renderControl([keyMock]);
    expect(await screen.findByText(PUSH_MESSAGES.blocked)).toBeInTheDocument();
  });

  it("says when the browser has no push", async () => {
    renderControl([keyMock]);
    expect(await screen.findByText(PUSH_MESSAGES.unsupported)).toBeInTheDocument();
  });

  it("says when the site sends no push", async () => {
    browserWithPush("default", "granted");
    renderControl([
      { request: { query: PushPublicKeyQuery }, result: { data: { pushPublicKey: null } } },
    ]);
    expect(await screen.findByText(PUSH_MESSAGES.serverOff)).toBeInTheDocument();
  });
});
