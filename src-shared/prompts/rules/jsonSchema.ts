// The spec.prompts/v0.1 schema as a JSON Schema, for TOML tools (Even
// Better TOML, tombi) that read `contributes.tomlValidation`. Derived from
// the one schema table (schema.ts), so it never says other than our own
// checks; schemas/prompts.schema.json is this, written out (a test keeps
// the two equal). Rules that are not a key's own type (role-dependent
// fields, unique ids, tool arguments) are ours alone.

import { type FieldType, schemaVersion, type TableName, tableSpecs } from './schema';

type Json = { readonly [key: string]: unknown };

const dateTimeText = '^\\d{4}-\\d{2}-\\d{2}[Tt ]\\d{2}:\\d{2}:\\d{2}';

/**
 * A timestamp as each TOML tool sees one. tombi types TOML's own datetimes
 * by `format` (`date-time` an offset datetime, `date-time-local` a local
 * one, a local one being only a warning of ours) and a quoted one as a
 * string; taplo and ajv see every datetime as its RFC 3339 text, which the
 * pattern of each branch checks, so none of them takes a word for a date.
 */
const timestampSchema: Json = {
  anyOf: [
    { type: 'string', format: 'date-time', pattern: dateTimeText },
    { type: 'string', format: 'date-time-local', pattern: dateTimeText },
    { type: 'string', pattern: dateTimeText },
  ],
};

function typeOf(t: FieldType): Json {
  switch (t.kind) {
    case 'string':
      return { type: 'string', ...(t.nonBlank && { minLength: 1, pattern: '\\S' }), ...(t.maxChars !== undefined && { maxLength: t.maxChars }) };
    case 'exactly':
      return { const: t.value };
    case 'enum':
      return { enum: [...t.values] };
    case 'timestamp':
      return timestampSchema;
    case 'boolean':
      return { type: 'boolean' };
    case 'stringList':
      return { type: 'array', items: { type: 'string' }, ...(t.distinct && { uniqueItems: true }) };
    case 'integerList':
      return { type: 'array', items: { type: 'integer', minimum: 0 } };
    case 'table':
      return { $ref: `#/definitions/${t.table}` };
    case 'tables':
      return { type: 'array', items: { $ref: `#/definitions/${t.table}` }, ...(t.nonEmpty && { minItems: 1 }) };
    case 'toolArgs':
      // Any keys: tombi's strict mode warns on an object that does not say so.
      return { type: 'object', additionalProperties: true };
  }
}

function tableSchema(name: TableName): Json {
  const { label, fields } = tableSpecs[name];
  const entries = Object.entries(fields);
  const required = entries.filter(([, f]) => f.required).map(([key]) => key);
  return {
    type: 'object',
    description: label,
    properties: Object.fromEntries(entries.map(([key, f]) => [key, { ...typeOf(f.type), description: f.doc }])),
    ...(required.length > 0 && { required }),
    additionalProperties: false,
  };
}

export function promptsJsonSchema(): Json {
  const tables = (Object.keys(tableSpecs) as TableName[]).filter((t) => t !== 'root');
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: `${schemaVersion} (.prompts)`,
    ...tableSchema('root'),
    definitions: Object.fromEntries(tables.map((t) => [t, tableSchema(t)])),
  };
}
