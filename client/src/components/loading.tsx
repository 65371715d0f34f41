import "./loading.css";

/** "Loading..." with a spinner, while a page or the data it needs loads. */
export function PageLoading() {
  return (
    <div className="loading" role="status">
      <span className="loading__spinner" aria-hidden="true" />
      <span>Loading...</span>
    </div>
  );
}

/** Before the auth state is known nothing else renders, so this one fills the screen. */
export function FullPageLoading() {
  return (
    <div className="loading loading--full-page" role="status">
      <span className="loading__spinner" aria-hidden="true" />
      <span>Loading...</span>
    </div>
  );
}
