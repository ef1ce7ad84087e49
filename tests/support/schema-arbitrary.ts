// Values that satisfy a JSON Schema (the subset zod 4 emits), as fast-check arbitraries: what the
// contract test sends. Sizes are kept small so every operation gets its examples in seconds.
import fc from 'fast-check';

export type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  /** A file part's media type (multipart). */
  contentMediaType?: string;
  /** Object rules the document states beside the properties (decision 023). */
  if?: JsonSchema;
  then?: JsonSchema;
  dependentRequired?: Record<string, string[]>;
};

const MAX_STRING = 40;

function stringOf(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'date-time')
    return fc.date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2100-01-01') }).map((d) => d.toISOString());
  if (s.format === 'uri') return fc.webUrl();
  if (s.pattern)
    return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity));
  const minLength = s.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(s.maxLength ?? MAX_STRING, MAX_STRING)), unit: 'grapheme' });
}

function numberOf(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 1e-6) : -1e6);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 1e-6) : 1e6);
  if (integer) return fc.integer({ min: Math.ceil(Math.max(min, -(2 ** 31))), max: Math.floor(Math.min(max, 2 ** 31)) });
  return fc.double({ min: Math.max(min, -1e9), max: Math.min(max, 1e9), noNaN: true, noDefaultInfinity: true });
}

export function arbitraryOf(s: JsonSchema): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.properties) return objectOf(s);
  const choices = s.anyOf ?? s.oneOf;
  if (choices) return fc.oneof(...choices.map(arbitraryOf));
  // A text with a second pattern beside its own (the NUL rule, decision 122): drawn from its own, kept when it matches both.
  if (s.allOf && s.type && s.type !== 'object') {
    const { allOf, ...own } = s;
    const patterns = allOf.flatMap((part) => (part.pattern ? [new RegExp(part.pattern, 'u')] : []));
    return arbitraryOf(own).filter((v) => typeof v !== 'string' || patterns.every((re) => re.test(v)));
  }
  if (s.allOf)
    return fc.tuple(...s.allOf.map(arbitraryOf)).map((parts) => Object.assign({}, ...parts.filter((p) => p && typeof p === 'object')));
  const type = Array.isArray(s.type) ? s.type : s.type ? [s.type] : ['string', 'number', 'boolean'];
  return fc.oneof(
    ...type.map((t): fc.Arbitrary<unknown> => {
      switch (t) {
        case 'string':
          return stringOf(s);
        case 'integer':
          return numberOf(s, true);
        case 'number':
          return numberOf(s, false);
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array':
          return fc.array(arbitraryOf(s.items ?? {}), {
            minLength: s.minItems ?? 0,
            maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 4, 4)),
          });
        case 'object':
          return objectOf(s);
        default:
          return fc.constant(null);
      }
    }),
  );
}

const matches = (value: Record<string, unknown>, condition: JsonSchema) =>
  (condition.required ?? []).every((k) => k in value) &&
  Object.entries(condition.properties ?? {}).every(([k, c]) => c.const === undefined || value[k] === c.const);

/** Properties, with the object rules: one of `anyOf`'s required lists, `if`/`then`, `dependentRequired`. */
function objectOf(s: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const alternatives = s.anyOf?.every((a) => a.required && !a.properties) ? s.anyOf.map((a) => a.required!) : [[]];
  return fc.constantFrom(...alternatives).chain((extra) => {
    const known = recordOf(s, [...(s.required ?? []), ...extra]);
    const then =
      s.if && s.then
        ? fc.record(Object.fromEntries((s.then.required ?? []).map((k) => [k, arbitraryOf(s.then!.properties?.[k] ?? {})])))
        : fc.constant({});
    return fc.tuple(known, then).map(([value, thenValues]) => {
      const out = s.if && matches(value, s.if) ? { ...value, ...thenValues } : { ...value };
      // A field whose partners are missing goes (the alternative chosen keeps its own together).
      for (const [key, partners] of Object.entries(s.dependentRequired ?? {}))
        if (key in out && partners.some((p) => !(p in out))) delete out[key];
      return out;
    });
  });
}

function recordOf(s: JsonSchema, required: string[]): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const known = fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arbitraryOf(v)])), {
    requiredKeys: [...new Set(required)],
  });
  if (typeof s.additionalProperties !== 'object') return known;
  // Records (z.record): a few keys of their own.
  const extra = fc.dictionary(
    s.propertyNames ? stringOf(s.propertyNames) : fc.string({ minLength: 1, maxLength: 10 }),
    arbitraryOf(s.additionalProperties),
    { maxKeys: 3 },
  );
  return fc.tuple(known, extra).map(([a, b]) => ({ ...b, ...a }));
}

/** A body that breaks the schema: a required field removed or of the wrong type, or not an object at all. */
export function invalidOf(s: JsonSchema): fc.Arbitrary<unknown> {
  const required = s.required ?? [];
  const notAnObject = fc.constantFrom<unknown>([], 'text', 42, null);
  if (!required.length || s.type !== 'object') return notAnObject;
  return fc.oneof(
    notAnObject,
    fc.tuple(arbitraryOf(s), fc.constantFrom(...required)).map(([body, key]) => {
      const copy = { ...(body as Record<string, unknown>) };
      delete copy[key];
      return copy;
    }),
    fc
      .tuple(arbitraryOf(s), fc.constantFrom(...required))
      .map(([body, key]) => ({ ...(body as Record<string, unknown>), [key]: { nested: [true] } })),
  );
}
