# syntax=docker/dockerfile:1
# Build: the whole workspace, then a production-only copy of the API with its dependencies.
FROM node:24-bookworm-slim AS build
# better-sqlite3 13 ships its native module prebuilt (Node-API), so no compiler is needed.
ENV NX_DAEMON=false NX_NO_CLOUD=true
RUN npm install --global --no-fund --no-audit pnpm@12.21.0
WORKDIR /src
COPY . .
RUN pnpm install --frozen-lockfile \
 && pnpm run build \
 && pnpm --filter @hinv/api deploy --prod /out/apps/api \
 && cp -r apps/web/dist /out/apps/web-dist

# Run: non-root (uid 1000), data in the /data volume, API and PWA on port 8080.
FROM node:24-bookworm-slim
ENV NODE_ENV=production DATA_DIR=/data PORT=8080
WORKDIR /app
COPY --from=build --chown=1000:1000 /out/apps/api /app/apps/api
COPY --from=build --chown=1000:1000 /out/apps/web-dist /app/apps/web/dist
RUN mkdir -p /data && chown 1000:1000 /data
USER 1000
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# serve.sh starts dist/main.js with the memory settings (V8 heap sizes, glibc malloc).
CMD ["sh", "apps/api/serve.sh"]
