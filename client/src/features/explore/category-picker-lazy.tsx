import { lazy, Suspense, useId } from "react";
import type { CategoryPickerProps } from "./category-picker";

// The picker's code (and the categories' query) loads with the first form that shows it, not
// with the app's first render (docs/decisions/021-lean-client-first-render.md).
const Picker = lazy(async () => ({ default: (await import("./category-picker")).CategoryPicker }));

/** The same box as the picker, while its code loads: nothing moves when it arrives. */
function PickerPlaceholder() {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Category
      </label>
      <select id={id} className="field__input field__select" disabled>
        <option>No category</option>
      </select>
    </div>
  );
}

/** A story's category, picked from the admins' list (category-picker.tsx), loaded on first use. */
export function CategoryPicker(props: CategoryPickerProps) {
  return (
    <Suspense fallback={<PickerPlaceholder />}>
      <Picker {...props} />
    </Suspense>
  );
}
