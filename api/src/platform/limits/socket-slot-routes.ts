import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { onRequestAsyncHookHandler } from "fastify";
import { Type } from "typebox";
import type { SocketSlots } from "./socket-slots.js";
import type {} from "../http/request-user.js";
import { errorResponses } from "../http/error-schema.js";

/** Not counted by the anonymous limit's hook: a bff's bookkeeping of its sockets. */
export const SOCKET_SLOT_ROUTES = [
  "/v1/limits/socket-slots",
  "/v1/limits/socket-slots/renew",
  "/v1/limits/socket-slots/release",
];

/** Slots renewed or released in one call at most; a bff sends more in several. */
export const MAX_SLOTS_PER_CALL = 1000;

export interface SocketSlotRoutesOptions {
  guards: { optionalUser: onRequestAsyncHookHandler };
  slots: SocketSlots;
}

const SlotId = Type.String({
  minLength: 1,
  maxLength: 64,
  description: "A slot's id, as its take answered it.",
});

const SlotIds = Type.Object(
  { slots: Type.Array(SlotId, { maxItems: MAX_SLOTS_PER_CALL }) },
  { additionalProperties: false },
);

const TakeBody = Type.Object(
  {
    max: Type.Integer({
      minimum: 1,
      maximum: 1_000_000,
      description: "The bff's cap: at most this many slots of the caller at once.",
    }),
  },
  { additionalProperties: false },
);

const TakenJson = Type.Object(
  {
    slot: SlotId,
    leaseSeconds: Type.Integer({
      minimum: 1,
      description: "How long the slot counts unrenewed (SOCKET_SLOT_LEASE_SECONDS of the api).",
    }),
  },
  { additionalProperties: false },
);

const HeldJson = Type.Object(
  { slots: Type.Array(SlotId, { description: "The slots renewed: still held by their bff." }) },
  { additionalProperties: false },
);

/**
 * The bff's WebSocket slots, shared by its replicas (docs/decisions/050). A slot is taken for the
 * caller only, as the anonymous turns are (decision 037): the signed-in caller's person, or else
 * the caller's own address (request.ip, X-Forwarded-For from TRUSTED_PROXIES only), so nobody can
 * fill another's slots. A slot's id is an unguessable capability: whoever took it renews and
 * releases it, without the token, which may have expired meanwhile.
 */
export const socketSlotRoutes: FastifyPluginAsyncTypebox<SocketSlotRoutesOptions> = async (
  app,
  { guards, slots },
) => {
  app.post(
    "/limits/socket-slots",
    {
      onRequest: guards.optionalUser,
      schema: {
        operationId: "takeSocketSlot",
        summary: "Takes a slot for one open WebSocket of the caller (person or address).",
        description:
          "For the bff's WebSocket caps across its replicas: one slot of the signed-in caller, or of the caller's address without a token, if fewer than `max` are held. 429 with Retry-After when the caller holds `max` already.",
        tags: ["limits"],
        body: TakeBody,
        response: { 200: TakenJson, ...errorResponses(401, 422, 429) },
      },
    },
    async (request) => {
      const holder = request.user === null ? { ip: request.ip } : { userId: request.user.id };
      const slot = await slots.take(holder, request.body.max);
      return { slot: slot.id, leaseSeconds: slots.leaseSeconds };
    },
  );

  app.post(
    "/limits/socket-slots/renew",
    {
      schema: {
        operationId: "renewSocketSlots",
        summary: "Renews the leases of slots whose sockets are still open.",
        description:
          "Answers the slots still held; a slot whose lease had ended is gone and not renewed.",
        tags: ["limits"],
        body: SlotIds,
        response: { 200: HeldJson, ...errorResponses(422) },
      },
    },
    async (request) => ({ slots: await slots.renew(request.body.slots) }),
  );

  app.post(
    "/limits/socket-slots/release",
    {
      schema: {
        operationId: "releaseSocketSlots",
        summary: "Releases the slots of sockets that closed.",
        tags: ["limits"],
        body: SlotIds,
        response: { 204: Type.Null({ description: "Released." }), ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      await slots.release(request.body.slots);
      return reply.status(204).send(null);
    },
  );
};
