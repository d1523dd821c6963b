#!/usr/bin/env node
// The compiled CLI (scripts/build.mjs writes dist/ before the package is packed).
import '../dist/main.js';
