/** A category as the explore filter lists it (the Categories query's fields it reads). */
export interface CategoryChoice {
  id: string;
  publicId: string;
  name: string;
  storyCount: number;
}

/**
 * The explore filter's category options after "Any category", from the answer inlined with the
 * page or from Apollo Client (live-explore.tsx); empty until either is there.
 */
export function CategoryOptions({
  categories,
  selected,
}: {
  categories: readonly CategoryChoice[];
  selected: string;
}) {
  return (
    <>
      {/* A shared link may name a category before the list arrives: keep it selected. */}
      {selected && !categories.some((item) => item.publicId === selected) ? (
        <option value={selected}>{selected}</option>
      ) : null}
      {categories.map((item) => (
        <option key={item.id} value={item.publicId}>
          {item.name} ({item.storyCount})
        </option>
      ))}
    </>
  );
}
