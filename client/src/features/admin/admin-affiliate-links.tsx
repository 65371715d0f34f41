import { useMutation, useQuery } from "@apollo/client/react";
import { graphql } from "../../__generated__";
import type { AdminAffiliateLinksQuery as AdminLinksData } from "../../__generated__/graphql";
import { AdminCrudSection, type AdminForm } from "./admin-crud";

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

const LINK_FORM: AdminForm<AdminLink, LinkFormValues> = {
  fields: [
    { name: "label", id: "label", label: "Label", maxLength: 80, required: true },
    { name: "targetUrl", id: "target", label: "Link address", type: "url", required: true },
    {
      name: "disclosure",
      id: "disclosure",
      label: "Disclosure",
      maxLength: 200,
      placeholder: SITE_DISCLOSURE,
    },
  ],
  valuesOf: (link) => ({
    label: link?.label ?? "",
    targetUrl: link?.targetUrl ?? "",
    disclosure: link?.disclosure ?? "",
  }),
  idPrefix: (link) => (link ? `link-${link.id}` : "new-link"),
  addLabel: "Add link",
  saveLabel: "Save link",
};

const inputOf = (values: LinkFormValues) => ({
  label: values.label,
  targetUrl: values.targetUrl,
  disclosure: values.disclosure.trim() === "" ? null : values.disclosure,
});

export function AdminAffiliateLinks() {
  const { data, error } = useQuery(AdminAffiliateLinksQuery, {
    fetchPolicy: "cache-and-network",
  });
  const refetchQueries = [AdminAffiliateLinksQuery];
  const [create] = useMutation(CreateAffiliateLinkMutation, { refetchQueries });
  const [update] = useMutation(UpdateAffiliateLinkMutation);
  const [remove] = useMutation(DeleteAffiliateLinkMutation, { refetchQueries });
  return (
    <AdminCrudSection
      heading="Affiliate links"
      headingId="admin-affiliate-links-heading"
      listLabel="Affiliate links"
      messages={ADMIN_LINK_MESSAGES}
      items={data?.adminAffiliateLinks}
      loadFailed={Boolean(error) && !data}
      form={LINK_FORM}
      create={(values) => create({ variables: { input: inputOf(values) } })}
      save={(link, values) => update({ variables: { id: link.id, input: inputOf(values) } })}
      remove={(link) => remove({ variables: { id: link.id } })}
      describe={(link) => ({
        label: link.label,
        detail: link.targetUrl,
        meta: (
          <>
            {link.active ? "Shown" : "Hidden"} · “{link.disclosure ?? SITE_DISCLOSURE}” · clicks{" "}
            {link.clicks} (raw {link.rawClicks})
          </>
        ),
        toggle: {
          label: link.active ? "Hide" : "Show",
          run: () => update({ variables: { id: link.id, input: { active: !link.active } } }),
        },
      })}
    />
  );
}
