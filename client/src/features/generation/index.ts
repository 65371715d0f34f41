// The generation feature's public surface: the form also lives in the home page's panel.
export { GenerationForm } from "./generation-form";
