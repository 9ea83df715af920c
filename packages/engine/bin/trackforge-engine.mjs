#!/usr/bin/env node
// The engine is TypeScript run without a build step, so the bin registers tsx before loading it.
import { register } from 'tsx/esm/api';

register();
await import('../cli/main.ts');
