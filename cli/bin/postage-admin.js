#!/usr/bin/env node
'use strict';
// The CLI is TypeScript like the rest of Postage. Where tsx is installed (a checkout with its dev
// dependencies: development and tests) it runs the source, compiled on the fly, so there is no
// build step to forget. A production install (`npm ci --omit=dev`, the Docker image) has no tsx
// and runs the compiled build that `npm run build` wrote to dist/.
let tsx;
try {
  tsx = require('tsx/cjs/api');
} catch (err) {
  if (err.code !== 'MODULE_NOT_FOUND') throw err;
}
if (tsx) {
  tsx.register();
  require('../main');
} else {
  require('../../dist/cli/main');
}
