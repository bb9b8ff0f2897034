// Writes schemas/prompts.schema.json from the core's schema table (run
// after the build: `node scripts/schemas.mjs`). The unit tests fail while
// the committed file differs from what this writes.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { promptsJsonSchema } = require('../out/src-shared/prompts/rules/jsonSchema.js');
writeFileSync(new URL('../schemas/prompts.schema.json', import.meta.url), `${JSON.stringify(promptsJsonSchema(), null, 2)}\n`);
