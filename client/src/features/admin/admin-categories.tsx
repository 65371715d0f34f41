import { useMutation, useQuery } from "@apollo/client/react";
import { CombinedGraphQLErrors } from "@apollo/client";
import { useState, type FormEvent } from "react";
import { graphql } from "../../__generated__";
import { Alert } from "../../components/alert";

// The Categories section of /admin, for admins (docs/product.md#categories-and-tags).

export const AdminCategoriesQuery = graphql(`
  query AdminCategories {
    categories {
      id
      publicId
      name
      description
      storyCount
    }
  }
`);

export const CreateCategoryMutation = graphql(`
  mutation CreateCategory($input: CreateCategoryInput!) {
    createCategory(input: $input) {
      id
      publicId
      name
      description
      storyCount
    }
  }
`);

const RenameCategoryMutation = graphql(`
  mutation RenameCategory($id: ID!, $input: UpdateCategoryInput!) {
    updateCategory(id: $id, input: $input) {
      id
      name
      description
    }
  }
`);

export const DeleteCategoryMutation = graphql(`
  mutation DeleteCategory($id: ID!, $moveTo: ID) {
    deleteCategory(id: $id, moveTo: $moveTo) {
      id
      deleted
    }
  }
`);

export const ADMIN_CATEGORY_MESSAGES = {
  loadFailed: "Could not load categories.",
  failed: "That did not work. Please try again.",
} as const;

/** The api's words for a refused change (a taken name, a category in use), else a generic line. */
function messageOf(error: unknown): string {
  if (CombinedGraphQLErrors.is(error)) {
    const [first] = error.errors;
    const code = first?.extensions?.code;
    if (code === "CONFLICT" || code === "BAD_USER_INPUT") return first?.message ?? "";
  }
  return ADMIN_CATEGORY_MESSAGES.failed;
}

/** Create, rename and delete categories; a category with stories is deleted by moving them. */
export function AdminCategories() {
  const { data, error } = useQuery(AdminCategoriesQuery);
  const refetchQueries = [AdminCategoriesQuery];
  const [create, creating] = useMutation(CreateCategoryMutation, { refetchQueries });
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    try {
      await create({ variables: { input: { name, description } } });
      setName("");
      setDescription("");
    } catch (failed) {
      setFailure(messageOf(failed));
    }
  }

  const categories = data?.categories ?? [];
  return (
    <section className="admin-categories" aria-labelledby="admin-categories-heading">
      <h2 id="admin-categories-heading">Categories</h2>
      {error && !data ? <Alert tone="error">{ADMIN_CATEGORY_MESSAGES.loadFailed}</Alert> : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <form className="admin-categories__form" onSubmit={(event) => void submit(event)}>
        <label>
          Name
          <input
            className="field__input"
            value={name}
            maxLength={60}
            required
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <label>
          Description
          <input
            className="field__input"
            value={description}
            maxLength={500}
            onChange={(event) => setDescription(event.target.value)}
          />
        </label>
        <button type="submit" className="button button--primary" disabled={creating.loading}>
          Add category
        </button>
      </form>
      <ul className="admin-categories__list" aria-label="Categories">
        {categories.map((category) => (
          <CategoryRow
            key={category.id}
            category={category}
            others={categories.filter((other) => other.id !== category.id)}
          />
        ))}
      </ul>
    </section>
  );
}

interface RowCategory {
  id: string;
  name: string;
  storyCount: number;
}

function CategoryRow({ category, others }: { category: RowCategory; others: RowCategory[] }) {
  const [rename, renaming] = useMutation(RenameCategoryMutation);
  const [remove, removing] = useMutation(DeleteCategoryMutation, {
    refetchQueries: [AdminCategoriesQuery],
  });
  const [name, setName] = useState(category.name);
  const [moveTo, setMoveTo] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const busy = renaming.loading || removing.loading;

  async function run(action: () => Promise<unknown>) {
    setFailure(null);
    try {
      await action();
    } catch (failed) {
      setFailure(messageOf(failed));
    }
  }

  return (
    <li className="admin-categories__item">
      <label>
        <span className="visually-hidden">Name of {category.name}</span>
        <input
          className="field__input"
          value={name}
          maxLength={60}
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      <span>
        {category.storyCount} {category.storyCount === 1 ? "story" : "stories"}
      </span>
      <button
        type="button"
        className="button button--secondary"
        disabled={busy || name.trim() === category.name}
        onClick={() =>
          void run(() => rename({ variables: { id: category.id, input: { name: name.trim() } } }))
        }
      >
        Rename
      </button>
      <label>
        <span className="visually-hidden">Move the stories of {category.name} to</span>
        <select
          className="field__input field__select"
          value={moveTo}
          onChange={(event) => setMoveTo(event.target.value)}
        >
          <option value="">Move stories to…</option>
          {others.map((other) => (
            <option key={other.id} value={other.id}>
              {other.name}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="button button--secondary"
        disabled={busy}
        onClick={() =>
          void run(() => remove({ variables: { id: category.id, moveTo: moveTo || null } }))
        }
      >
        Delete
      </button>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
    </li>
  );
}
