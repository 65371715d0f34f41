import {
  FAKE_SECRET_KEY,
  FAKE_WEBHOOK_SECRET,
  startFakeStripe,
  type FakeStripe,
} from "./fake-stripe.js";
import { startTestApi, type TestApi } from "./test-api.js";
import { testSettings } from "./test-settings.js";

/**
 * The real api with the real stripe SDK pointed at the in-repo fake, listening on a free port of
 * 127.0.0.1 so the fake delivers signed events to its webhook over HTTP (docs/decisions/031).
 */
export async function startApiWithFakeStripe(): Promise<{ api: TestApi; fake: FakeStripe }> {
  const fake = await startFakeStripe();
  const defaults = testSettings().payments;
  const api = await startTestApi(undefined, {
    payments: {
      ...defaults,
      stripe: { secretKey: FAKE_SECRET_KEY, webhookSecret: FAKE_WEBHOOK_SECRET, apiBase: fake.url },
    },
  });
  const address = await api.app.listen({ port: 0, host: "127.0.0.1" });
  fake.webhookUrl = `${address}/v1/payments/webhook/stripe`;
  return { api, fake };
}
