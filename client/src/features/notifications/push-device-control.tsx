import { useMutation, useQuery } from "@apollo/client/react";
import { useEffect, useState } from "react";
import { Alert } from "../../components/alert";
import { STORAGE_KEYS } from "../../lib/storage-keys";
import {
  PushPublicKeyQuery,
  SubscribeToPushMutation,
  UnsubscribeFromPushMutation,
} from "./notification-queries";
import { PUSH_MESSAGES } from "./notification-words";

// "Allow notifications on this device" (docs/product.md#notifications): asks the browser's
// permission, subscribes through the app's service worker (client/public/push-handler.js shows
// what arrives) and registers the subscription with the api (docs/decisions/063-web-push.md).

type DeviceState = "checking" | "unsupported" | "off" | "on" | "blocked";

/** Whether this browser can receive web push at all. */
function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

export function PushDeviceControl() {
  const { data } = useQuery(PushPublicKeyQuery);
  const [subscribe] = useMutation(SubscribeToPushMutation);
  const [unsubscribe] = useMutation(UnsubscribeFromPushMutation);
  const [state, setState] = useState<DeviceState>(() => {
    if (!pushSupported()) return "unsupported";
    return Notification.permission === "denied" ? "blocked" : "checking";
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!pushSupported() || Notification.permission === "denied") return;
    let active = true;
    const known = localStorage.getItem(STORAGE_KEYS.pushSubscriptionId);
    void currentSubscription()
      .then((subscription) => {
        if (active) setState(subscription !== null && known !== null ? "on" : "off");
      })
      .catch(() => active && setState("off"));
    return () => {
      active = false;
    };
  }, []);

  const publicKey = data?.pushPublicKey;
  if (data && publicKey === null) return <p className="push-device">{PUSH_MESSAGES.serverOff}</p>;
  if (state === "unsupported") return <p className="push-device">{PUSH_MESSAGES.unsupported}</p>;

  async function turnOn(key: string) {
    setProblem(null);
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setState(permission === "denied" ? "blocked" : "off");
        if (permission !== "denied") setProblem(PUSH_MESSAGES.notAllowed);
        return;
      }
      const registration = await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: key,
        }));
      const { endpoint, keys } = subscription.toJSON();
      const answer = await subscribe({
        variables: {
          subscription: {
            endpoint: endpoint ?? "",
            p256dh: keys?.p256dh ?? "",
            auth: keys?.auth ?? "",
          },
        },
      });
      const id = answer.data?.subscribeToPush;
      if (!id) throw new Error("no subscription id");
      localStorage.setItem(STORAGE_KEYS.pushSubscriptionId, id);
      setState("on");
    } catch {
      setProblem(PUSH_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setProblem(null);
    setBusy(true);
    try {
      const id = localStorage.getItem(STORAGE_KEYS.pushSubscriptionId);
      if (id !== null) await unsubscribe({ variables: { id } }).catch(() => undefined);
      localStorage.removeItem(STORAGE_KEYS.pushSubscriptionId);
      await (await currentSubscription())?.unsubscribe();
      setState("off");
    } catch {
      setProblem(PUSH_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="push-device">
      {state === "blocked" && <p>{PUSH_MESSAGES.blocked}</p>}
      {state === "on" && <p>{PUSH_MESSAGES.on}</p>}
      {state === "off" && publicKey && (
        <button type="button" disabled={busy} onClick={() => void turnOn(publicKey)}>
          {PUSH_MESSAGES.allow}
        </button>
      )}
      {state === "on" && (
        <button type="button" disabled={busy} onClick={() => void turnOff()}>
          {PUSH_MESSAGES.stop}
        </button>
      )}
      {problem && <Alert tone="error">{problem}</Alert>}
    </div>
  );
}
