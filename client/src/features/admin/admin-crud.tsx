import { CombinedGraphQLErrors } from "@apollo/client";
import { Fragment, useState, type FormEvent, type ReactNode } from "react";
import { Alert } from "../../components/alert";
import { AdminItemRow, type AdminItemRowProps } from "./admin-item-row";

// The shape the admins' Ads and Affiliate links sections share (docs/product.md#ads-and-affiliate-links):
// a form to add an item, described by its fields, and the list of items, each with its figures,
// its show/hide action, an edit form of the same fields, and Delete.

export const ADMIN_CRUD_MESSAGES = {
  failed: "That did not work. Please try again.",
} as const;

/** The api's words for refused input (a bad address, an end before the start), else a generic line. */
export function adminMessageOf(error: unknown): string {
  if (CombinedGraphQLErrors.is(error)) {
    const [first] = error.errors;
    if (first?.extensions?.code === "BAD_USER_INPUT") return first.message;
  }
  return ADMIN_CRUD_MESSAGES.failed;
}

/** A form's values, by field name: text, or a number for a number field. */
export type AdminFormValues<Values> = Record<keyof Values, string | number>;

/** One field of an item's form: a labelled input, or a select when it has options. */
export interface AdminField<Values extends AdminFormValues<Values>> {
  name: keyof Values & string;
  label: string;
  /** Its element's id after the form's prefix: `ad-<id>-title`, `new-ad-title`. */
  id: string;
  type?: "url" | "number" | "datetime-local";
  required?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  placeholder?: string;
  options?: readonly { value: string; label: string }[];
}

/** What an item's form asks, for a new item (null) or an edit. */
export interface AdminForm<Item extends { id: string }, Values extends AdminFormValues<Values>> {
  fields: readonly AdminField<Values>[];
  valuesOf: (item: Item | null) => Values;
  /** The prefix of its fields' ids: `new-ad` or `ad-<id>`. */
  idPrefix: (item: Item | null) => string;
  addLabel: string;
  saveLabel: string;
}

interface AdminFieldInputProps<Values extends AdminFormValues<Values>> {
  field: AdminField<Values>;
  id: string;
  value: string | number;
  onChange: (value: string | number) => void;
}

function AdminFieldInput<Values extends AdminFormValues<Values>>({
  field,
  id,
  value,
  onChange,
}: AdminFieldInputProps<Values>) {
  if (field.options) {
    return (
      <select
        id={id}
        className="field__input field__select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {field.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      id={id}
      className="field__input"
      type={field.type}
      value={value}
      required={field.required}
      maxLength={field.maxLength}
      min={field.min}
      max={field.max}
      placeholder={field.placeholder}
      onChange={(event) =>
        onChange(field.type === "number" ? Number(event.target.value) : event.target.value)
      }
    />
  );
}

interface AdminItemFormProps<Item extends { id: string }, Values extends AdminFormValues<Values>> {
  form: AdminForm<Item, Values>;
  item: Item | null;
  /** Resolves to whether it was done; a new item's form is then emptied. */
  onSubmit: (values: Values) => Promise<boolean>;
}

function AdminItemForm<Item extends { id: string }, Values extends AdminFormValues<Values>>({
  form,
  item,
  onSubmit,
}: AdminItemFormProps<Item, Values>) {
  const [values, setValues] = useState(() => form.valuesOf(item));
  const [busy, setBusy] = useState(false);
  const prefix = form.idPrefix(item);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const done = await onSubmit(values);
    setBusy(false);
    if (done && item === null) setValues(form.valuesOf(null));
  }

  return (
    <form className="admin-ads__form" onSubmit={(event) => void submit(event)}>
      {form.fields.map((field) => (
        <Fragment key={field.id}>
          <label htmlFor={`${prefix}-${field.id}`}>{field.label}</label>
          <AdminFieldInput
            field={field}
            id={`${prefix}-${field.id}`}
            value={values[field.name]}
            onChange={(value) => setValues((old) => ({ ...old, [field.name]: value }))}
          />
        </Fragment>
      ))}
      <button type="submit" className="button button--primary" disabled={busy}>
        {item === null ? form.addLabel : form.saveLabel}
      </button>
    </form>
  );
}

interface AdminCrudSectionProps<
  Item extends { id: string },
  Values extends AdminFormValues<Values>,
> {
  /** The section's heading, which names its region. */
  heading: string;
  headingId: string;
  /** The list's accessible name. */
  listLabel: string;
  messages: { loadFailed: string; none: string };
  /** The items, undefined until the first answer. */
  items: readonly Item[] | undefined;
  /** The items could not be loaded and none are known. */
  loadFailed: boolean;
  form: AdminForm<Item, Values>;
  create: (values: Values) => Promise<unknown>;
  save: (item: Item, values: Values) => Promise<unknown>;
  remove: (item: Item) => Promise<unknown>;
  /** A row's name, detail, figures and show/hide action. */
  describe: (item: Item) => Pick<AdminItemRowProps, "label" | "detail" | "meta" | "toggle">;
}

/** An admin section that adds, lists, edits, shows or hides, and deletes one kind of item. */
export function AdminCrudSection<
  Item extends { id: string },
  Values extends AdminFormValues<Values>,
>(props: AdminCrudSectionProps<Item, Values>) {
  const [failure, setFailure] = useState<string | null>(null);

  async function add(values: Values) {
    setFailure(null);
    try {
      await props.create(values);
      return true;
    } catch (failed) {
      setFailure(adminMessageOf(failed));
      return false;
    }
  }

  const items = props.items ?? [];
  let none: ReactNode = null;
  if (props.items && items.length === 0) none = <p className="muted">{props.messages.none}</p>;
  return (
    <section className="admin-ads" aria-labelledby={props.headingId}>
      <h2 id={props.headingId}>{props.heading}</h2>
      {props.loadFailed ? <Alert tone="error">{props.messages.loadFailed}</Alert> : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <AdminItemForm form={props.form} item={null} onSubmit={add} />
      {none}
      <ul className="admin-ads__list" aria-label={props.listLabel}>
        {items.map((item) => (
          <AdminItemRow
            key={item.id}
            {...props.describe(item)}
            onDelete={() => props.remove(item)}
            messageOf={adminMessageOf}
            editForm={(save) => (
              <AdminItemForm
                form={props.form}
                item={item}
                onSubmit={(values) => save(() => props.save(item, values))}
              />
            )}
          />
        ))}
      </ul>
    </section>
  );
}
