# syntax=docker/dockerfile:1
# Trackforge: one image for API nodes (`serve`) and generation workers (`worker`), and for the
# one-off `migrate` / `admin` commands. The build stage installs every dependency and builds the
# studio and the API (scripts/build-api.mjs: plain JavaScript in apps/api/dist/, so no TypeScript
# loader runs in production); the deps stage installs production dependencies only; the runtime
# stage copies both builds beside them and runs as the unprivileged `node` user. See docs/DEPLOY.md.

ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json ./
COPY apps/api/package.json apps/api/
COPY apps/studio/package.json apps/studio/
COPY packages/engine/package.json packages/engine/
COPY packages/sdk/package.json packages/sdk/
# Scripts off: the root `prepare` (the same two builds) would run before the sources are here.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY scripts/build-api.mjs scripts/
COPY apps/api ./apps/api
COPY apps/studio ./apps/studio
COPY packages/engine ./packages/engine
COPY packages/sdk ./packages/sdk
RUN npm run build -w apps/studio && node scripts/build-api.mjs

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
ENV NODE_ENV=production
# Manifests first, so source edits do not invalidate the dependency layer.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/studio/package.json apps/studio/
COPY packages/engine/package.json packages/engine/
COPY packages/sdk/package.json packages/sdk/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
WORKDIR /app
# A fixed malloc mmap threshold returns freed audio buffers to the system (docs/DEPLOY.md "Memory").
ENV NODE_ENV=production \
    MALLOC_MMAP_THRESHOLD_=131072 \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/var/lib/trackforge
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --chown=node:node package.json package-lock.json ./
# apps/api/package.json marks the built files as ES modules; the engine is bundled into them.
COPY --chown=node:node apps/api/package.json ./apps/api/
COPY --from=build --chown=node:node /app/apps/api/dist ./apps/api/dist
COPY --from=build --chown=node:node /app/apps/studio/dist ./apps/studio/dist
# The guides and the error page the API serves (/docs/guides, /docs/errors) are rendered from these.
COPY --chown=node:node docs/guides ./docs/guides
COPY --chown=node:node docs/DEPLOY.md docs/errors.md ./docs/
RUN mkdir -p /var/lib/trackforge && chown node:node /var/lib/trackforge
# The image's `node` user, by number so orchestrators can verify runAsNonRoot.
USER 1000:1000
EXPOSE 8080
# Liveness only (the process answers); load balancers use /readyz, which also checks PostgreSQL,
# migrations and the file store and turns 503 while the node drains. Workers have no HTTP port: their
# orchestrator overrides or disables this check (docker-compose.yml, deploy/k8s).
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "apps/api/dist/main.js"]
CMD ["serve"]
