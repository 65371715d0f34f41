import { useQuery } from "@apollo/client/react";
import { useId } from "react";
import { CategoriesQuery } from "./category-queries";

export interface CategoryPickerProps {
  /** The chosen category's global id (Category.id); empty for none. */
  value: string;
  onChange: (categoryId: string) => void;
  disabled?: boolean;
}

/** A story's category, picked from the admins' list; "No category" is always there. */
export function CategoryPicker({ value, onChange, disabled = false }: CategoryPickerProps) {
  const id = useId();
  const { data } = useQuery(CategoriesQuery, { fetchPolicy: "cache-first" });
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Category
      </label>
      <select
        id={id}
        name="category"
        className="field__input field__select"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">No category</option>
        {(data?.categories ?? []).map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </select>
    </div>
  );
}
