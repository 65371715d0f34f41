import { useMutation, useQuery } from "@apollo/client/react";
import type { NotificationChannel, NotificationKind } from "../../__generated__/graphql";
import { Alert } from "../../components/alert";
import {
  NotificationPreferencesQuery,
  SetNotificationPreferencesMutation,
} from "./notification-queries";
import { CHANNEL_LABELS, KIND_LABELS, NOTIFICATION_MESSAGES } from "./notification-words";
import { PushDeviceControl } from "./push-device-control";
import "./notifications.css";

/** The channels a reader can switch here. */
export const SETTINGS_CHANNELS: NotificationChannel[] = ["INBOX", "PUSH", "EMAIL"];

/** Settings → Notifications: each kind on or off per channel (docs/product.md#notifications). */
export function NotificationSettingsSection() {
  const { data, error } = useQuery(NotificationPreferencesQuery);
  const [save, saving] = useMutation(SetNotificationPreferencesMutation);
  const preferences = data?.notificationPreferences ?? [];
  const enabled = (kind: NotificationKind, channel: NotificationChannel) =>
    preferences.find((p) => p.kind === kind && p.channel === channel)?.enabled ?? false;
  const kinds = Object.keys(KIND_LABELS) as NotificationKind[];

  return (
    <section
      className="settings-section notification-settings"
      aria-labelledby="settings-notifications"
    >
      <h2 id="settings-notifications">Notifications</h2>
      {error && <Alert tone="error">{NOTIFICATION_MESSAGES.loadFailed}</Alert>}
      {saving.error && <Alert tone="error">{NOTIFICATION_MESSAGES.saveFailed}</Alert>}
      {data && <p className="notification-settings__note">{NOTIFICATION_MESSAGES.emailNote}</p>}
      <PushDeviceControl />
      {data && (
        <table>
          <thead>
            <tr>
              <th scope="col">Kind</th>
              {SETTINGS_CHANNELS.map((channel) => (
                <th scope="col" key={channel}>
                  {CHANNEL_LABELS[channel]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {kinds.map((kind) => (
              <tr key={kind}>
                <th scope="row">{KIND_LABELS[kind]}</th>
                {SETTINGS_CHANNELS.map((channel) => (
                  <td key={channel}>
                    {/* The label around the box is its 44 px target on a phone. */}
                    <label className="notification-settings__toggle">
                      <input
                        type="checkbox"
                        aria-label={`${KIND_LABELS[kind]}: ${CHANNEL_LABELS[channel]}`}
                        checked={enabled(kind, channel)}
                        disabled={saving.loading}
                        onChange={(event) =>
                          void save({
                            variables: {
                              preferences: [{ kind, channel, enabled: event.target.checked }],
                            },
                            refetchQueries: [NotificationPreferencesQuery],
                          }).catch(() => undefined)
                        }
                      />
                    </label>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
