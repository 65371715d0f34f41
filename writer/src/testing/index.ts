// Helpers for tests of code that uses the writer: a local server speaking the OpenAI-compatible
// protocol over real HTTP, with handlers for its answers.

export {
  completion,
  deltaEvent,
  hang,
  image,
  json,
  sseBody,
  startFakeServer,
  stream,
  streamedCompletion,
  type FakeServer,
  type FakeUsage,
  type Handler,
  type RecordedRequest,
  type StreamOptions,
} from "./openai-fake-server.js";
