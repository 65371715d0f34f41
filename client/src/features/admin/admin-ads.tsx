import { CombinedGraphQLErrors } from "@apollo/client";
import { useMutation, useQuery } from "@apollo/client/react";
import { useState, type FormEvent } from "react";
import { graphql } from "../../__generated__";
import type { AdminAdsQuery as AdminAdsData, AdPlacement } from "../../__generated__/graphql";
import { Alert } from "../../components/alert";
import { AdminItemRow } from "./admin-item-row";

// The Ads section of /admin, for admins (docs/product.md#ads-and-affiliate-links): house ads with
// their counted and raw figures; create, edit, pause or resume, delete.

export const AdminAdsQuery = graphql(`
  query AdminAds {
    adminAds {
      id
      title
      body
      imageUrl
      targetUrl
      placement
      weight
      startsAt
      endsAt
      paused
      served
      views
      clicks
      rawViews
      rawClicks
    }
  }
`);

export const CreateAdMutation = graphql(`
  mutation CreateAd($input: CreateAdInput!) {
    createAd(input: $input) {
      id
    }
  }
`);

export const UpdateAdMutation = graphql(`
  mutation UpdateAd($id: ID!, $input: UpdateAdInput!) {
    updateAd(id: $id, input: $input) {
      id
      title
      body
      imageUrl
      targetUrl
      placement
      weight
      startsAt
      endsAt
      paused
    }
  }
`);

export const DeleteAdMutation = graphql(`
  mutation DeleteAd($id: ID!) {
    deleteAd(id: $id) {
      id
      deleted
    }
  }
`);

export const ADMIN_ADS_MESSAGES = {
  loadFailed: "Could not load ads.",
  failed: "That did not work. Please try again.",
  none: "No ads yet.",
} as const;

type AdminAd = AdminAdsData["adminAds"][number];

const PLACEMENT_NAMES: Record<AdPlacement, string> = {
  HOME: "Home feed",
  READER: "Between passages",
};

/** The api's words for refused input (a bad address, an end before the start), else a generic line. */
export function adminMessageOf(error: unknown): string {
  if (CombinedGraphQLErrors.is(error)) {
    const [first] = error.errors;
    if (first?.extensions?.code === "BAD_USER_INPUT") return first.message;
  }
  return ADMIN_ADS_MESSAGES.failed;
}

/** A datetime-local field's value as an instant; blank: none. */
const instantOf = (local: string) => (local === "" ? null : new Date(local).toISOString());
/** An instant as a datetime-local field's value (the browser's time zone). */
function localOf(instant: string | null | undefined): string {
  if (!instant) return "";
  const at = new Date(instant);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

interface AdFormValues {
  title: string;
  body: string;
  imageUrl: string;
  targetUrl: string;
  placement: AdPlacement;
  weight: number;
  startsAt: string;
  endsAt: string;
}

const valuesOf = (ad: AdminAd | null): AdFormValues => ({
  title: ad?.title ?? "",
  body: ad?.body ?? "",
  imageUrl: ad?.imageUrl ?? "",
  targetUrl: ad?.targetUrl ?? "",
  placement: ad?.placement ?? "HOME",
  weight: ad?.weight ?? 1,
  startsAt: localOf(ad?.startsAt),
  endsAt: localOf(ad?.endsAt),
});

/** The fields of an ad, for a new one or an edit; `onSubmit` answers a failure or null. */
function AdForm(props: {
  ad: AdminAd | null;
  submitLabel: string;
  onSubmit: (values: AdFormValues) => Promise<boolean>;
}) {
  const [values, setValues] = useState(() => valuesOf(props.ad));
  const [busy, setBusy] = useState(false);
  const set = (changes: Partial<AdFormValues>) => setValues((old) => ({ ...old, ...changes }));
  const prefix = props.ad ? `ad-${props.ad.id}` : "new-ad";

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const done = await props.onSubmit(values);
    setBusy(false);
    if (done && props.ad === null) setValues(valuesOf(null));
  }

  return (
    <form className="admin-ads__form" onSubmit={(event) => void submit(event)}>
      <label htmlFor={`${prefix}-title`}>Title</label>
      <input
        id={`${prefix}-title`}
        className="field__input"
        value={values.title}
        maxLength={80}
        required
        onChange={(event) => set({ title: event.target.value })}
      />
      <label htmlFor={`${prefix}-body`}>Text</label>
      <input
        id={`${prefix}-body`}
        className="field__input"
        value={values.body}
        maxLength={280}
        onChange={(event) => set({ body: event.target.value })}
      />
      <label htmlFor={`${prefix}-image`}>Picture address (https)</label>
      <input
        id={`${prefix}-image`}
        className="field__input"
        type="url"
        value={values.imageUrl}
        onChange={(event) => set({ imageUrl: event.target.value })}
      />
      <label htmlFor={`${prefix}-target`}>Link address</label>
      <input
        id={`${prefix}-target`}
        className="field__input"
        type="url"
        value={values.targetUrl}
        required
        onChange={(event) => set({ targetUrl: event.target.value })}
      />
      <label htmlFor={`${prefix}-placement`}>Placement</label>
      <select
        id={`${prefix}-placement`}
        className="field__input field__select"
        value={values.placement}
        onChange={(event) => set({ placement: event.target.value as AdPlacement })}
      >
        <option value="HOME">{PLACEMENT_NAMES.HOME}</option>
        <option value="READER">{PLACEMENT_NAMES.READER}</option>
      </select>
      <label htmlFor={`${prefix}-weight`}>Weight</label>
      <input
        id={`${prefix}-weight`}
        className="field__input"
        type="number"
        min={1}
        max={100}
        value={values.weight}
        onChange={(event) => set({ weight: Number(event.target.value) })}
      />
      <label htmlFor={`${prefix}-starts`}>Starts</label>
      <input
        id={`${prefix}-starts`}
        className="field__input"
        type="datetime-local"
        value={values.startsAt}
        onChange={(event) => set({ startsAt: event.target.value })}
      />
      <label htmlFor={`${prefix}-ends`}>Ends</label>
      <input
        id={`${prefix}-ends`}
        className="field__input"
        type="datetime-local"
        value={values.endsAt}
        onChange={(event) => set({ endsAt: event.target.value })}
      />
      <button type="submit" className="button button--primary" disabled={busy}>
        {props.submitLabel}
      </button>
    </form>
  );
}

const inputOf = (values: AdFormValues) => ({
  title: values.title,
  body: values.body,
  imageUrl: values.imageUrl.trim() === "" ? null : values.imageUrl,
  targetUrl: values.targetUrl,
  placement: values.placement,
  weight: values.weight,
  startsAt: instantOf(values.startsAt),
  endsAt: instantOf(values.endsAt),
});

/** Whether the ad runs now, in words. */
function stateOf(ad: AdminAd, now = Date.now()): string {
  if (ad.paused) return "Paused";
  if (ad.startsAt && Date.parse(ad.startsAt) > now) return "Scheduled";
  if (ad.endsAt && Date.parse(ad.endsAt) <= now) return "Ended";
  return "Running";
}

export function AdminAds() {
  const { data, error } = useQuery(AdminAdsQuery, { fetchPolicy: "cache-and-network" });
  const [create] = useMutation(CreateAdMutation, { refetchQueries: [AdminAdsQuery] });
  const [failure, setFailure] = useState<string | null>(null);

  async function add(values: AdFormValues) {
    setFailure(null);
    try {
      await create({ variables: { input: inputOf(values) } });
      return true;
    } catch (failed) {
      setFailure(adminMessageOf(failed));
      return false;
    }
  }

  const ads = data?.adminAds ?? [];
  return (
    <section className="admin-ads" aria-labelledby="admin-ads-heading">
      <h2 id="admin-ads-heading">Ads</h2>
      {error && !data ? <Alert tone="error">{ADMIN_ADS_MESSAGES.loadFailed}</Alert> : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <AdForm ad={null} submitLabel="Add ad" onSubmit={add} />
      {data && ads.length === 0 ? <p className="muted">{ADMIN_ADS_MESSAGES.none}</p> : null}
      <ul className="admin-ads__list" aria-label="Ads">
        {ads.map((ad) => (
          <AdRow key={ad.id} ad={ad} />
        ))}
      </ul>
    </section>
  );
}

function AdRow({ ad }: { ad: AdminAd }) {
  const [update, updating] = useMutation(UpdateAdMutation);
  const [remove, removing] = useMutation(DeleteAdMutation, { refetchQueries: [AdminAdsQuery] });
  return (
    <AdminItemRow
      label={ad.title}
      detail={PLACEMENT_NAMES[ad.placement]}
      meta={
        <>
          {stateOf(ad)} · weight {ad.weight} · served {ad.served} · views {ad.views} (raw{" "}
          {ad.rawViews}) · clicks {ad.clicks} (raw {ad.rawClicks})
        </>
      }
      toggle={{
        label: ad.paused ? "Resume" : "Pause",
        run: () => update({ variables: { id: ad.id, input: { paused: !ad.paused } } }),
      }}
      onDelete={() => remove({ variables: { id: ad.id } })}
      busy={updating.loading || removing.loading}
      messageOf={adminMessageOf}
      editForm={(save) => (
        <AdForm
          ad={ad}
          submitLabel="Save ad"
          onSubmit={(values) =>
            save(() => update({ variables: { id: ad.id, input: inputOf(values) } }))
          }
        />
      )}
    />
  );
}
