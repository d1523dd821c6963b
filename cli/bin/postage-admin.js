#!/usr/bin/env node
'use strict';
// The CLI is TypeScript like the rest of Postage; tsx (a dependency of the root package) compiles
// it on the fly, with a cache, so there is no build step.
// The SDK's notice about future Node versions is not the operator's business at every command.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
require('tsx/cjs/api').register();
require('../main');
