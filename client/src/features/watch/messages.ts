/** The watch-live page's words (docs/product.md#watch-live-links). */
export const WATCH_MESSAGES = {
  writing: "Being written live",
  reviewing: "The story is written. Its author has not published it yet.",
  public: "The story is finished.",
  readIt: "Read the story",
  private: "The owner keeps this story private.",
  notFound: "This watch-live link does not work any more.",
  failed: "The live updates stopped. Reload the page to try again.",
} as const;
