# Image for the API, worker, migrations and postage-admin in docker-compose.yml.
FROM node:20-bookworm-slim
WORKDIR /app
# Manifests first (the CLI is an npm workspace), so dependency layers are cached.
COPY package.json package-lock.json ./
COPY cli/package.json cli/
RUN npm ci --omit=dev
COPY . .
