#!/usr/bin/env node
// Measures PostgreSQL LISTEN/NOTIFY as the story events use it (docs/scaling.md): how many
// notifications a second reach every listener (one per api replica or worker process) when
// publishers (the workers) send them one per statement, with the story events' payload size and a
// larger one; the latency from pg_notify to delivery; and the payload limit.
//   node scripts/measure/notify.mjs [listeners=1,10,50] [seconds=3]
// Uses TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); prints one JSON line
// per run. Nothing is written: the channel is private to the run.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { TEST_VARIABLES } from "../lib/environment-variables.mjs";

const url = process.env.TEST_DATABASE_URL || TEST_VARIABLES.TEST_DATABASE_URL.default;
const listenerCounts = (process.argv[2] ?? "1,10,50").split(",").map(Number);
const seconds = Number(process.argv[3] ?? 3);
const PUBLISHERS = 4;
const channel = `bench_${randomBytes(4).toString("hex")}`;

async function connect() {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

async function payloadLimit() {
  const client = await connect();
  try {
    await client.query("select pg_notify($1, $2)", [channel, "x".repeat(7999)]);
    try {
      await client.query("select pg_notify($1, $2)", [channel, "x".repeat(8000)]);
      return { largestAccepted: 8000 };
    } catch (error) {
      return { largestAccepted: 7999, at8000: error.message };
    }
  } finally {
    await client.end();
  }
}

async function run(listenerCount, payloadBytes) {
  const listeners = await Promise.all(Array.from({ length: listenerCount }, connect));
  const received = new Array(listenerCount).fill(0);
  const latencies = [];
  await Promise.all(
    listeners.map(async (client, index) => {
      client.on("notification", (message) => {
        received[index] += 1;
        if (index === 0 && received[0] % 50 === 0) {
          latencies.push(Date.now() - Number(message.payload.slice(0, 13)));
        }
      });
      await client.query(`listen ${channel}`);
    }),
  );
  const publishers = await Promise.all(Array.from({ length: PUBLISHERS }, connect));
  const padding = "x".repeat(Math.max(0, payloadBytes - 14));
  let sent = 0;
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    publishers.map(async (client) => {
      while (Date.now() < deadline) {
        await client.query("select pg_notify($1, $2)", [channel, `${Date.now()}:${padding}`]);
        sent += 1;
      }
    }),
  );
  // What is still on its way arrives within a moment.
  const settle = Date.now() + 5000;
  while (received.some((count) => count < sent) && Date.now() < settle) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  latencies.sort((a, b) => a - b);
  await Promise.all([...listeners, ...publishers].map((client) => client.end()));
  return {
    listeners: listenerCount,
    publishers: PUBLISHERS,
    payloadBytes,
    sentPerSecond: Math.round(sent / seconds),
    deliveredPerListenerPerSecond: Math.round(Math.min(...received) / seconds),
    deliveredTotalPerSecond: Math.round(received.reduce((a, b) => a + b, 0) / seconds),
    lost: sent - Math.min(...received),
    latencyMsP50: latencies[Math.floor(latencies.length / 2)] ?? null,
    latencyMsP99: latencies[Math.floor(latencies.length * 0.99)] ?? null,
  };
}

console.log(JSON.stringify({ payloadLimit: await payloadLimit() }));
for (const listenerCount of listenerCounts) {
  for (const payloadBytes of [24, 1000]) {
    console.log(JSON.stringify(await run(listenerCount, payloadBytes)));
  }
}
