# The v1 REST API (and its in-process story writer). Build from the repository root:
#   docker build -f docker/api.Dockerfile -t storyloom-api .
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc tsconfig.base.json tsconfig.json ./
COPY common/package.json common/
COPY writer/package.json writer/
COPY api/package.json api/
COPY bff/package.json bff/
COPY client/package.json client/
COPY e2e/package.json e2e/
COPY examples/package.json examples/
RUN npm ci --no-audit --no-fund
COPY common common
COPY writer writer
COPY api api
RUN npx tsc -b api && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production API_HOST=0.0.0.0 API_PORT=8080
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/common/package.json common/
COPY --from=build /app/common/dist common/dist
COPY --from=build /app/writer/package.json writer/
COPY --from=build /app/writer/dist writer/dist
COPY --from=build /app/api/package.json api/
COPY --from=build /app/api/dist api/dist
COPY --from=build /app/api/src/platform/db/migrations api/src/platform/db/migrations
USER node
EXPOSE 8080
CMD ["node", "api/dist/main.js"]
