// What other features' lazy pages use of the profile feature (the reader's Subscribe). Apart from
// index.ts, which the app's routes import: it uses Apollo Client, which the first render must not
// carry (docs/decisions/038-first-views-without-apollo.md).
export { useToggleSubscription, SUBSCRIPTION_FAILED } from "./use-toggle-subscription";
