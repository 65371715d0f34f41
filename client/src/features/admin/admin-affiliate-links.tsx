import { useMutation, useQuery } from "@apollo/client/react";
import { useState, type FormEvent } from "react";
import { graphql } from "../../__generated__";
import type { AdminAffiliateLinksQuery as AdminLinksData } from "../../__generated__/graphql";
import { Alert } from "../../components/alert";
import { AdminItemRow } from "./admin-item-row";
import { adminMessageOf } from "./admin-ads";

// The Affiliate links section of /admin, for admins (docs/product.md#ads-and-affiliate-links):
// links with their disclosure and counted and raw clicks; create, edit, hide or show, delete.

export const AdminAffiliateLinksQuery = graphql(`
  query AdminAffiliateLinks {
    adminAffiliateLinks {
      id
      label
      targetUrl
      disclosure
      active
      clicks
      rawClicks
    }
  }
`);

export const CreateAffiliateLinkMutation = graphql(`
  mutation CreateAffiliateLink($input: CreateAffiliateLinkInput!) {
    createAffiliateLink(input: $input) {
      id
    }
  }
`);

export const UpdateAffiliateLinkMutation = graphql(`
  mutation UpdateAffiliateLink($id: ID!, $input: UpdateAffiliateLinkInput!) {
    updateAffiliateLink(id: $id, input: $input) {
      id
      label
      targetUrl
      disclosure
      active
    }
  }
`);

export const DeleteAffiliateLinkMutation = graphql(`
  mutation DeleteAffiliateLink($id: ID!) {
    deleteAffiliateLink(id: $id) {
      id
      deleted
    }
  }
`);

/** What readers see beside a link without a disclosure of its own. */
export const SITE_DISCLOSURE = "Affiliate link · Storyloom may earn a commission";

export const ADMIN_LINK_MESSAGES = {
  loadFailed: "Could not load affiliate links.",
  none: "No affiliate links yet.",
} as const;

type AdminLink = AdminLinksData["adminAffiliateLinks"][number];

interface LinkFormValues {
  label: string;
  targetUrl: string;
  disclosure: string;
}

function LinkForm(props: {
  link: AdminLink | null;
  submitLabel: string;
  onSubmit: (values: LinkFormValues) => Promise<boolean>;
}) {
  const initial = () => ({
    label: props.link?.label ?? "",
    targetUrl: props.link?.targetUrl ?? "",
    disclosure: props.link?.disclosure ?? "",
  });
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const set = (changes: Partial<LinkFormValues>) => setValues((old) => ({ ...old, ...changes }));
  const prefix = props.link ? `link-${props.link.id}` : "new-link";

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const done = await props.onSubmit(values);
    setBusy(false);
    if (done && props.link === null) setValues({ label: "", targetUrl: "", disclosure: "" });
  }

  return (
    <form className="admin-ads__form" onSubmit={(event) => void submit(event)}>
      <label htmlFor={`${prefix}-label`}>Label</label>
      <input
        id={`${prefix}-label`}
        className="field__input"
        value={values.label}
        maxLength={80}
        required
        onChange={(event) => set({ label: event.target.value })}
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
      <label htmlFor={`${prefix}-disclosure`}>Disclosure</label>
      <input
        id={`${prefix}-disclosure`}
        className="field__input"
        value={values.disclosure}
        maxLength={200}
        placeholder={SITE_DISCLOSURE}
        onChange={(event) => set({ disclosure: event.target.value })}
      />
      <button type="submit" className="button button--primary" disabled={busy}>
        {props.submitLabel}
      </button>
    </form>
  );
}

const inputOf = (values: LinkFormValues) => ({
  label: values.label,
  targetUrl: values.targetUrl,
  disclosure: values.disclosure.trim() === "" ? null : values.disclosure,
});

export function AdminAffiliateLinks() {
  const { data, error } = useQuery(AdminAffiliateLinksQuery, {
    fetchPolicy: "cache-and-network",
  });
  const [create] = useMutation(CreateAffiliateLinkMutation, {
    refetchQueries: [AdminAffiliateLinksQuery],
  });
  const [failure, setFailure] = useState<string | null>(null);

  async function add(values: LinkFormValues) {
    setFailure(null);
    try {
      await create({ variables: { input: inputOf(values) } });
      return true;
    } catch (failed) {
      setFailure(adminMessageOf(failed));
      return false;
    }
  }

  const links = data?.adminAffiliateLinks ?? [];
  return (
    <section className="admin-ads" aria-labelledby="admin-affiliate-links-heading">
      <h2 id="admin-affiliate-links-heading">Affiliate links</h2>
      {error && !data ? <Alert tone="error">{ADMIN_LINK_MESSAGES.loadFailed}</Alert> : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <LinkForm link={null} submitLabel="Add link" onSubmit={add} />
      {data && links.length === 0 ? <p className="muted">{ADMIN_LINK_MESSAGES.none}</p> : null}
      <ul className="admin-ads__list" aria-label="Affiliate links">
        {links.map((link) => (
          <LinkRow key={link.id} link={link} />
        ))}
      </ul>
    </section>
  );
}

function LinkRow({ link }: { link: AdminLink }) {
  const [update, updating] = useMutation(UpdateAffiliateLinkMutation);
  const [remove, removing] = useMutation(DeleteAffiliateLinkMutation, {
    refetchQueries: [AdminAffiliateLinksQuery],
  });
  return (
    <AdminItemRow
      label={link.label}
      detail={link.targetUrl}
      meta={
        <>
          {link.active ? "Shown" : "Hidden"} · “{link.disclosure ?? SITE_DISCLOSURE}” · clicks{" "}
          {link.clicks} (raw {link.rawClicks})
        </>
      }
      toggle={{
        label: link.active ? "Hide" : "Show",
        run: () => update({ variables: { id: link.id, input: { active: !link.active } } }),
      }}
      onDelete={() => remove({ variables: { id: link.id } })}
      busy={updating.loading || removing.loading}
      messageOf={adminMessageOf}
      editForm={(save) => (
        <LinkForm
          link={link}
          submitLabel="Save link"
          onSubmit={(values) =>
            save(() => update({ variables: { id: link.id, input: inputOf(values) } }))
          }
        />
      )}
    />
  );
}
