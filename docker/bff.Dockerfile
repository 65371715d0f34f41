# The GraphQL backend-for-frontend, serving the built web client. Build from the repository root:
#   docker build -f docker/bff.Dockerfile -t storyloom-bff .
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc tsconfig.base.json tsconfig.json codegen.ts schema.graphql ./
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
COPY bff bff
COPY client client
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production BFF_HOST=0.0.0.0 BFF_PORT=4000
WORKDIR /app
COPY --from=build /app/package.json /app/schema.graphql ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/common/package.json common/
COPY --from=build /app/common/dist common/dist
COPY --from=build /app/bff/package.json bff/
COPY --from=build /app/bff/dist bff/dist
COPY --from=build /app/client/dist client/dist
USER node
EXPOSE 4000
CMD ["node", "bff/dist/main.js"]
