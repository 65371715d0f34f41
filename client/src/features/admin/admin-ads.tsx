import { useMutation, useQuery } from "@apollo/client/react";
import { graphql } from "../../__generated__";
import type { AdminAdsQuery as AdminAdsData, AdPlacement } from "../../__generated__/graphql";
import { AdminCrudSection, type AdminField, type AdminForm } from "./admin-crud";

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
  none: "No ads yet.",
} as const;

type AdminAd = AdminAdsData["adminAds"][number];

const PLACEMENT_NAMES: Record<AdPlacement, string> = {
  HOME: "Home feed",
  READER: "Between passages",
};

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

const AD_FIELDS: readonly AdminField<AdFormValues>[] = [
  { name: "title", id: "title", label: "Title", maxLength: 80, required: true },
  { name: "body", id: "body", label: "Text", maxLength: 280 },
  { name: "imageUrl", id: "image", label: "Picture address (https)", type: "url" },
  { name: "targetUrl", id: "target", label: "Link address", type: "url", required: true },
  {
    name: "placement",
    id: "placement",
    label: "Placement",
    options: (["HOME", "READER"] as const).map((value) => ({
      value,
      label: PLACEMENT_NAMES[value],
    })),
  },
  { name: "weight", id: "weight", label: "Weight", type: "number", min: 1, max: 100 },
  { name: "startsAt", id: "starts", label: "Starts", type: "datetime-local" },
  { name: "endsAt", id: "ends", label: "Ends", type: "datetime-local" },
];

const AD_FORM: AdminForm<AdminAd, AdFormValues> = {
  fields: AD_FIELDS,
  valuesOf: (ad) => ({
    title: ad?.title ?? "",
    body: ad?.body ?? "",
    imageUrl: ad?.imageUrl ?? "",
    targetUrl: ad?.targetUrl ?? "",
    placement: ad?.placement ?? "HOME",
    weight: ad?.weight ?? 1,
    startsAt: localOf(ad?.startsAt),
    endsAt: localOf(ad?.endsAt),
  }),
  idPrefix: (ad) => (ad ? `ad-${ad.id}` : "new-ad"),
  addLabel: "Add ad",
  saveLabel: "Save ad",
};

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
  const [update] = useMutation(UpdateAdMutation);
  const [remove] = useMutation(DeleteAdMutation, { refetchQueries: [AdminAdsQuery] });
  return (
    <AdminCrudSection
      heading="Ads"
      headingId="admin-ads-heading"
      listLabel="Ads"
      messages={ADMIN_ADS_MESSAGES}
      items={data?.adminAds}
      loadFailed={Boolean(error) && !data}
      form={AD_FORM}
      create={(values) => create({ variables: { input: inputOf(values) } })}
      save={(ad, values) => update({ variables: { id: ad.id, input: inputOf(values) } })}
      remove={(ad) => remove({ variables: { id: ad.id } })}
      describe={(ad) => ({
        label: ad.title,
        detail: PLACEMENT_NAMES[ad.placement],
        meta: (
          <>
            {stateOf(ad)} · weight {ad.weight} · served {ad.served} · views {ad.views} (raw{" "}
            {ad.rawViews}) · clicks {ad.clicks} (raw {ad.rawClicks})
          </>
        ),
        toggle: {
          label: ad.paused ? "Resume" : "Pause",
          run: () => update({ variables: { id: ad.id, input: { paused: !ad.paused } } }),
        },
      })}
    />
  );
}
